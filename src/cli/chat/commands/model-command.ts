import type { SlashCommand } from '../../../chat/commands/slash-command.js'

/**
 * `/model [provider:model]`: shows the model, or sets it for the messages from now on.
 * @example await runSlash('/model anthropic:claude-sonnet-4-5', ctx)
 */
export const modelCommand: SlashCommand = {
  name: 'model',
  usage: '/model [provider:model]',
  summary: 'show or set the model',
  run(args, ctx) {
    if (args === '') {
      ctx.dispatch({ type: 'notice', tone: 'info', text: `model: ${ctx.session.model}` })
      return
    }
    if (/\s/.test(args)) {
      ctx.dispatch({ type: 'notice', tone: 'warning', text: 'Type one model, e.g. /model openai:gpt-4.1.' })
      return
    }
    // An unknown provider or a missing key throws, and the chat shows the reason.
    ctx.session.setModel(args)
    ctx.dispatch({ type: 'notice', tone: 'info', text: `model: ${args}, from the next message on` })
  },
}
