import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { formatTable } from '../format-table.js'
import { parseCommandArgs } from '../common-options.js'
import { printResult } from './tools-call.js'

const options = {
  json: { type: 'boolean', default: false },
  all: { type: 'boolean', default: false },
  always: { type: 'boolean', default: false },
  message: { type: 'string' },
  'no-continue': { type: 'boolean', default: false },
} as const

/** `toolhost approvals list|approve <id>|deny <id>`: decide durable approval requests from any process. */
export async function approvalsCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options)
  const [action, id] = positionals
  if (action === 'list') {
    const requests = host.approvals.list(values.all ? {} : { status: 'pending' })
    if (values.json) io.out(JSON.stringify(requests, null, 2))
    else if (requests.length === 0) io.out(values.all ? 'No approval requests.' : 'No pending approval requests.')
    else
      io.out(
        formatTable(
          ['ID', 'STATUS', 'TOOL', 'DOES', 'INPUT', 'REASON'],
          requests.map((r) => [r.id, r.status, r.toolId, r.title ?? '', JSON.stringify(r.input), r.reason]),
        ),
      )
    return exitCodes.ok
  }
  if (action !== 'approve' && action !== 'deny')
    throw new UsageError('use: toolhost approvals list | approve <id> [--always] | deny <id> [--message TEXT]')
  if (id === undefined) throw new UsageError(`approvals ${action} needs the request id (see "toolhost approvals list")`)
  if (host.approvals.get(id) === undefined) throw new UsageError(`no approval request ${id}`)
  const common = { approver: `cli:${process.env.USER ?? 'unknown'}`, continueTurn: !values['no-continue'] }
  const outcome =
    action === 'approve'
      ? await host.approvals.approve(id, { ...common, scope: values.always ? 'always' : 'once' })
      : await host.approvals.deny(id, { ...common, ...(values.message !== undefined && { message: values.message }) })
  io.err(`${id} ${outcome.approval.status}${alwaysNote(outcome.always)}`)
  if (outcome.stillPending.length > 0) io.err(`the turn still waits for ${outcome.stillPending.join(', ')}`)
  else if (outcome.resumeRun !== undefined) io.err(`continue the run with: toolhost run --resume ${outcome.resumeRun}`)
  if (outcome.results === undefined) return exitCodes.ok
  let code: number = exitCodes.ok
  for (const result of outcome.results) code = Math.max(code, printResult(result, values.json, io))
  return code
}

/** Where an "always" rule went; never claims a rule was saved when it applies to the one invocation only. */
function alwaysNote(always: { readonly rule: string; readonly file?: string } | undefined): string {
  if (always === undefined) return ''
  if (always.file !== undefined) return ` (rule ${always.rule} added to ${always.file})`
  return ` (rule ${always.rule} applies to this invocation only: its profile was given in code, not read from a file)`
}
