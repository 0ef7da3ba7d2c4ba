import type { SlashCommand } from '../../../chat/commands/slash-command.js'

/**
 * `/clear`: clears the screen and starts a new chat with the next message; the old chat stays in
 * the store, resumable by its id.
 * @example await runSlash('/clear', ctx)
 */
export const clearCommand: SlashCommand = {
  name: 'clear',
  usage: '/clear',
  summary: 'clear the screen and start a new chat',
  run(_args, ctx) {
    const previous = ctx.session.runId
    ctx.dispatch({ type: 'clear' })
    ctx.session.startOver()
    const kept = previous === undefined ? '' : ` The last one stays resumable: /resume ${previous}`
    ctx.dispatch({ type: 'notice', tone: 'info', text: `The next message starts a new chat.${kept}` })
  },
}
