import { join } from 'node:path'
import type { SlashCommand } from '../../../chat/commands/slash-command.js'
import type { ProfileSource } from '../../../profile/profile-rules.js'
import { formatTable } from '../../format-table.js'
import { oneLine } from '../../commands/audit-text.js'

/**
 * `/approvals`: the questions this chat waits on, the durable approval requests in the store (as
 * `toolhost approvals list` shows them) and where "always" answers write their rules.
 * @example await runSlash('/approvals', ctx)
 */
export const approvalsCommand: SlashCommand = {
  name: 'approvals',
  usage: '/approvals',
  summary: 'approvals waiting, here and in the store',
  whileBusy: true,
  async run(_args, ctx) {
    const { session } = ctx
    const here = session.approvals.pending
    const stored = session.host.approvals.list({ status: 'pending' })
    const lines: string[] = []
    if (here.length === 0) lines.push('No question waits in this chat.')
    else
      lines.push(
        'Waiting in this chat (answer on screen):',
        formatTable(
          ['ID', 'TOOL', 'REASON'],
          here.map((request) => [request.id, request.alias, oneLine(request.reason)]),
        ),
      )
    if (stored.length === 0) lines.push('No pending approval requests in the store.')
    else
      lines.push(
        'Pending in the store (toolhost approvals approve|deny <id>):',
        formatTable(
          ['ID', 'RUN', 'TOOL', 'INPUT', 'REASON'],
          stored.map((r) => [r.id, r.runId, r.toolId, oneLine(JSON.stringify(r.input)), oneLine(r.reason)]),
        ),
      )
    const { source } = await session.host.resolveProfile(session.profile)
    lines.push(`"Always" answers add their rule to ${alwaysTarget(source, session.host.dataDir)}.`)
    ctx.dispatch({ type: 'notice', tone: 'info', text: lines.join('\n') })
  },
}

/** Where "allow always" writes, as the host does it for a profile from this source. */
function alwaysTarget(source: ProfileSource, dataDir: string): string {
  if (source.kind === 'file') return source.path
  if (source.kind === 'builtin') return join(dataDir, 'profiles', 'default.json')
  return "this chat's profile only (it was given in code, not read from a file)"
}
