import type { SlashCommand } from '../../../chat/commands/slash-command.js'
import { formatRunAudit } from '../../commands/format-run-audit.js'
import { runAudit } from '../../../store/run-audit.js'

/**
 * `/audit`: the calls of this chat's run with how each was decided and how it ended (as
 * `toolhost runs show <id> --audit`), fitted to the terminal's width.
 * @example await runSlash('/audit', ctx)
 */
export const auditCommand: SlashCommand = {
  name: 'audit',
  usage: '/audit',
  summary: "this chat's calls, decisions and outcomes",
  whileBusy: true,
  run(_args, ctx) {
    const { runId } = ctx.session
    const store = ctx.session.host.store()
    const run = runId === undefined ? undefined : store.getRun(runId)
    if (run === undefined) {
      ctx.dispatch({ type: 'notice', tone: 'info', text: 'Nothing to audit: no chat yet.' })
      return
    }
    const text = formatRunAudit(runAudit(store, run), Math.max(ctx.width, 40)).join('\n')
    ctx.dispatch({ type: 'notice', tone: 'info', text })
  },
}
