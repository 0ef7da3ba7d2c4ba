import type { ToolHost } from '../../host/create-tool-host.js'
import { callHistories, type CallHistory } from '../../store/call-history.js'
import { runStatuses, type RunStatus } from '../../store/store.js'
import { exitCodes, UsageError, type CliIo } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'
import { formatTable } from '../format-table.js'
import { formatRunAudit } from './format-run-audit.js'
import { runAudit } from '../../store/run-audit.js'
import { taskItemsOf } from '../../tool/task-items.js'
import { formatTaskList, taskProgress } from '../../tools/task/format-task-list.js'

const options = {
  audit: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  limit: { type: 'string' },
  status: { type: 'string' },
} as const

/**
 * `toolhost runs list [--status S] [--limit N]` and `toolhost runs show <runId> [--audit]`: runs in
 * the store; `--audit` shows a run's calls with their decisions, timings and outcomes.
 */
export async function runsCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options)
  const [action, runId] = positionals
  const store = host.store()
  if (action === 'list') {
    if (values.audit) throw new UsageError('--audit goes with "runs show <runId>"')
    const limit = values.limit === undefined ? 20 : Number(values.limit)
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError(`--limit must be a positive whole number, not "${values.limit ?? ''}"`)
    const status = values.status
    if (status !== undefined && !(runStatuses as readonly string[]).includes(status))
      throw new UsageError(`--status must be one of ${runStatuses.join(', ')}`)
    const runs = store.listRuns({ limit, ...(status !== undefined && { status: status as RunStatus }) })
    if (values.json) io.out(JSON.stringify(runs, null, 2))
    else if (runs.length === 0) io.out('No runs.')
    else
      io.out(
        formatTable(
          ['RUN', 'STATUS', 'SCOPE', 'PROFILE', 'STARTED'],
          runs.map((run) => [run.id, run.status, run.scope, run.profileId, new Date(run.createdAt).toISOString()]),
        ),
      )
    return exitCodes.ok
  }
  if (action !== 'show')
    throw new UsageError('use: toolhost runs list [--status S] [--limit N] | show <runId> [--audit]')
  if (runId === undefined) throw new UsageError('runs show needs a run id (see "toolhost runs list")')
  const run = store.getRun(runId)
  if (run === undefined) throw new UsageError(`no run ${runId} (see "toolhost runs list" for the runs there are)`)
  if (values.audit) {
    const audit = runAudit(store, run)
    io.out(values.json ? JSON.stringify(audit, null, 2) : formatRunAudit(audit).join('\n'))
    return exitCodes.ok
  }
  const events = store.runEvents(runId)
  const invocations = store.invocationsOf(runId).map((inv) => ({ id: inv.id, transcript: store.transcript(inv.id) }))
  const calls = callHistories(store.events({ runId }))
  if (values.json) {
    io.out(JSON.stringify({ run, events, calls, invocations }, null, 2))
    return exitCodes.ok
  }
  io.out(
    `run ${run.id}  ${run.status}  ${run.scope}  profile ${run.profileId}  started ${new Date(run.createdAt).toISOString()}`,
  )
  for (const event of events)
    io.out(
      `  ${new Date(event.at).toISOString()}  ${event.type}  ${event.type === 'tasks' ? `${event.data.invocationId} ${taskProgress(taskItemsOf(event.data.items))}` : summarize(event.data)}`,
    )
  for (const inv of invocations) {
    io.out(`\ninvocation ${inv.id}`)
    const plan = events.findLast((event) => event.type === 'tasks' && event.data.invocationId === inv.id)
    if (plan?.type === 'tasks' && plan.data.items.length > 0)
      io.out(
        `  plan (${taskProgress(taskItemsOf(plan.data.items))}):\n${indent(formatTaskList(taskItemsOf(plan.data.items)))}`,
      )
    for (const call of calls.filter((c) => c.invocationId === inv.id)) io.out(`  ${callLine(call)}`)
    for (const { seq, entry } of inv.transcript) {
      if (entry.kind === 'assistant')
        io.out(
          `  ${seq} assistant: ${entry.text.slice(0, 200)}${entry.calls.map((c) => `\n      → ${c.name} ${c.rawArguments.slice(0, 200)}`).join('')}`,
        )
      else if (entry.kind === 'results')
        io.out(
          entry.results
            .map(
              (r) =>
                `  ${seq} result ${r.callId}: ${r.isError ? `error ${r.errorCode ?? ''} ` : ''}${r.content.split('\n')[0]?.slice(0, 160) ?? ''}`,
            )
            .join('\n'),
        )
      else io.out(`  ${seq} ${entry.kind}: ${entry.text.slice(0, 200)}`)
    }
  }
  return exitCodes.ok
}

function summarize(data: Record<string, unknown>): string {
  const shown = Object.entries(data).filter(([key]) => key !== 'system' && key !== 'conversation' && key !== 'lorebook')
  return shown
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' ? JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value) : JSON.stringify(value)}`,
    )
    .join(' ')
}

/** One call of the audit: its id, name, every phase it went through, and how long it ran. */
function callLine(call: CallHistory): string {
  const ran = call.durationMs === undefined ? '' : `  ${call.durationMs} ms`
  const code = call.result?.errorCode === undefined ? '' : `  ${call.result.errorCode}`
  const odd = call.anomalies.length === 0 ? '' : `  (unexpected: ${call.anomalies.join('; ')})`
  return `call ${call.callId} ${call.alias}: ${call.steps.map((step) => step.phase).join(' → ')}${ran}${code}${odd}`
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}
