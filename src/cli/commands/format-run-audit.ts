import { columnsOf, fitColumns, oneLine, wrapColumns } from './audit-text.js'
import type { AuditCall, AuditDecision, AuditOutcome, RunAudit } from '../../store/run-audit.js'

/** The audit view fits a terminal this wide unless told another width. */
const defaultColumns = 80

/**
 * A run's audit as plain text lines no wider than `columns` (80 unless given): a block per call
 * (the names, input, decision, timing, outcome and mid-call approvals), then a summary. Everything a person or model
 * wrote passes through {@link oneLine}, so no control or bidi character reaches the terminal.
 */
export function formatRunAudit(audit: RunAudit, columns = defaultColumns): string[] {
  const { run } = audit
  const lines = [
    ...wrapColumns(`run ${run.id}  ${run.status}  ${run.scope}  profile ${oneLine(run.profileId)}`, columns),
    `started ${run.createdAt}`,
  ]
  const agents = new Set(audit.calls.map((call) => call.agentId))
  audit.calls.forEach((call, i) => {
    lines.push('', ...callBlock(call, i + 1, agents.size > 1, columns))
  })
  lines.push('', ...summaryLines(audit, columns))
  return lines
}

function callBlock(call: AuditCall, n: number, showAgent: boolean, columns: number): string[] {
  const fit = (line: string) => fitColumns(line, columns)
  const field = (name: string, value: string) => fieldLines(name, value, columns)
  const agent = showAgent && call.agentId !== null ? `  agent ${oneLine(call.agentId)}` : ''
  const lines = [
    fit(
      `${n}. ${oneLine(call.alias)} → ${call.toolId === null ? '(no such tool)' : oneLine(call.toolId)}  call ${oneLine(call.callId)}${agent}`,
    ),
    ...(call.title === null ? [] : [fit(`${label('does')}${oneLine(call.title)}`)]),
    fit(`${label('input')}${call.input === null ? '(not recorded)' : oneLine(call.input)}`),
    field('decision', decisionText(call.decision)),
    call.startedAt === null
      ? field('requested', `${call.requestedAt}  did not run`)
      : field('started', `${call.startedAt}${call.durationMs === null ? '' : `  ran ${call.durationMs} ms`}`),
    field('outcome', outcomeText(call)),
  ]
  for (const asked of call.midCallApprovals)
    lines.push(
      field(
        'mid-call',
        `${asked.behavior === 'allow' ? 'allowed' : 'refused'}${asked.approver === null ? '' : ` by ${oneLine(asked.approver)}`}${asked.reason === null ? '' : `: ${oneLine(asked.reason)}`}`,
      ),
    )
  for (const odd of call.anomalies) lines.push(field('unexpected', oneLine(odd)))
  return lines
}

/** One decision as a phrase: "allowed by rule X", "asked → approved once by alice", … */
export function decisionText(decision: AuditDecision): string {
  const rule = decision.rule === null ? '' : ` ${oneLine(decision.rule)}`
  const reason = decision.reason === null ? '' : `: ${oneLine(decision.reason)}`
  const who = decision.approver === null ? '' : ` by ${oneLine(decision.approver)}`
  switch (decision.verdict) {
    case 'rejected':
      return `rejected by the gate: ${decision.errorCode ?? 'no error code'}`
    case 'undecided':
      return 'not decided'
    case 'waiting':
      return `asked${decision.rule === null ? '' : ` (rule${rule})`} → waiting for a person`
    default:
      break
  }
  if (decision.asked) {
    const asked = `asked${decision.rule === null ? '' : ` (rule${rule})`}`
    if (decision.by === 'expiry') return `${asked} → approval expired`
    if (decision.verdict === 'denied')
      return `${asked} → denied${who}${decision.message === null ? '' : `: "${oneLine(decision.message)}"`}`
    const adds = decision.addedRule === null ? '' : ` (adds rule ${oneLine(decision.addedRule)})`
    return `${asked} → approved ${decision.scope ?? 'once'}${who}${adds}`
  }
  const verb = decision.verdict
  switch (decision.by) {
    case 'rule':
      return `${verb} by rule${rule}`
    case 'mode':
      return `${verb} by mode${reason}`
    case 'tool':
      return `${verb} by the tool's own check${reason}`
    case 'hook':
      return `${verb} by a hook${reason}`
    default:
      return `${verb}${reason}`
  }
}

const outcomeWords: Record<AuditOutcome, string> = {
  succeeded: 'succeeded',
  failed: 'failed',
  timed_out: 'timed out',
  cancelled: 'cancelled',
  outcome_unknown: 'outcome unknown',
  denied: 'denied',
  rejected: 'rejected',
  waiting: 'waiting for approval',
  unfinished: 'unfinished',
}

function outcomeText(call: AuditCall): string {
  switch (call.outcome) {
    case 'failed':
      if (call.errorCode !== null) return `failed: ${oneLine(call.errorCode)}`
      return call.error === null ? 'failed' : `failed: ${oneLine(`${call.error.name}: ${call.error.message}`)}`
    case 'outcome_unknown':
      return 'outcome unknown (the process ended while it ran)'
    case 'denied':
    case 'rejected':
      return 'not run'
    default:
      return outcomeWords[call.outcome]
  }
}

function summaryLines(audit: RunAudit, columns: number): string[] {
  const { summary } = audit
  const parts = Object.entries(summary.byOutcome).map(
    ([outcome, count]) => `${count} ${outcomeWords[outcome as AuditOutcome]}`,
  )
  const head = `${summary.calls} ${summary.calls === 1 ? 'call' : 'calls'}${parts.length === 0 ? '' : ':'}`
  const lines: string[] = []
  let line = head
  for (const [i, part] of parts.entries()) {
    const piece = `${part}${i < parts.length - 1 ? ',' : ''}`
    if (columnsOf(`${line} ${piece}`) > columns) {
      lines.push(line)
      line = `  ${piece}`
    } else line = `${line} ${piece}`
  }
  lines.push(line, `tool time ${summary.toolTimeMs} ms`)
  return lines
}

function label(name: string): string {
  return `   ${name.padEnd(10)} `
}

/** A labelled value, wrapped under itself when it is wider than the terminal. */
function fieldLines(name: string, value: string, columns: number): string {
  const indent = label('')
  return wrapColumns(value, columns - indent.length)
    .map((line, i) => `${i === 0 ? label(name) : indent}${line}`)
    .join('\n')
}
