import type { SlashCommand } from '../../../chat/commands/slash-command.js'

/**
 * `/compact`: has the model summarize the chat's older turns now; the next message goes on from
 * the summary.
 * @example await runSlash('/compact', ctx)
 */
export const compactCommand: SlashCommand = {
  name: 'compact',
  usage: '/compact',
  summary: 'summarize the older turns now',
  async run(_args, ctx) {
    if (ctx.session.runId === undefined) {
      ctx.dispatch({ type: 'notice', tone: 'info', text: 'Nothing to compact: no chat yet.' })
      return
    }
    // The run reports `compacted` when it summarized something; say so when it did not.
    const before = ctx.state().settled.length
    const done = await ctx.session.compact()
    const told = ctx
      .state()
      .settled.slice(before)
      .some((item) => item.kind === 'notice')
    if (done && !told)
      ctx.dispatch({ type: 'notice', tone: 'info', text: 'Nothing to compact: the chat is short enough.' })
  },
}
