import type { SlashCommand } from '../../../chat/commands/slash-command.js'

/**
 * `/profile [id|file]`: shows the chat's profile, or picks one for a new chat that starts with the
 * next message (a run keeps the profile it began with).
 * @example await runSlash('/profile reviewer', ctx)
 */
export const profileCommand: SlashCommand = {
  name: 'profile',
  usage: '/profile [id|file]',
  summary: 'show or set the profile (a new chat)',
  async run(args, ctx) {
    const { session } = ctx
    if (args === '') {
      const { profile, source } = await session.host.resolveProfile(session.profile)
      const from = source.kind === 'file' ? ` (${source.path})` : source.kind === 'builtin' ? ' (built in)' : ''
      ctx.dispatch({ type: 'notice', tone: 'info', text: `profile: ${profile.id}${from}` })
      return
    }
    // A missing or invalid profile throws here, before the chat changes.
    const { profile } = await session.host.resolveProfile(args)
    const previous = session.runId
    session.setProfile(args)
    const kept = previous === undefined ? '' : ` (this one stays resumable: /resume ${previous})`
    ctx.dispatch({
      type: 'notice',
      tone: 'info',
      text: `profile: ${profile.id}; the next message starts a new chat with it${kept}`,
    })
  },
}
