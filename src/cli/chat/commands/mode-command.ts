import type { SlashCommand } from '../../../chat/commands/slash-command.js'
import { permissionModes, type PermissionMode } from '../../../profile/profile-schema.js'

/**
 * `/mode [mode]`: shows the permission mode, or sets it for the messages from now on.
 * @example await runSlash('/mode plan', ctx)
 */
export const modeCommand: SlashCommand = {
  name: 'mode',
  usage: `/mode [${permissionModes.join('|')}]`,
  summary: 'show or set the permission mode',
  run(args, ctx) {
    if (args === '') {
      const { mode } = ctx.state().status
      const chosen = ctx.session.mode === undefined ? " (the profile's)" : ''
      ctx.dispatch({
        type: 'notice',
        tone: 'info',
        text: `mode: ${mode}${chosen}; one of ${permissionModes.join(', ')}`,
      })
      return
    }
    if (!isMode(args)) {
      ctx.dispatch({
        type: 'notice',
        tone: 'warning',
        text: `No mode "${args}": use one of ${permissionModes.join(', ')}.`,
      })
      return
    }
    ctx.session.setMode(args)
    ctx.dispatch({ type: 'notice', tone: 'info', text: `mode: ${args}, from the next call on` })
  },
}

function isMode(text: string): text is PermissionMode {
  return (permissionModes as readonly string[]).includes(text)
}
