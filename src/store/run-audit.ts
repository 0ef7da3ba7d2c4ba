import type { CallDecisionRecord } from '../call/call-state.js'
import { callHistories, type CallHistory } from './call-history.js'
import type { RunRecord, Store } from './store.js'

/** How a call's permission was settled, for people reading the audit. */
export interface AuditDecision {
  /** `allowed`, `denied`, `rejected` (by the gate, before permissions), `waiting` (for a person) or `undecided`. */
  readonly verdict: 'allowed' | 'denied' | 'rejected' | 'waiting' | 'undecided'
  /** What decided: `rule`, `mode`, `tool`, `hook`, `dangerous`, `unparseable`, `person`, `expiry` or `gate`. */
  readonly by: string | null
  /** The rule that matched (allowed or denied) or that asked. */
  readonly rule: string | null
  /** The rule an "always" answer added to the profile. */
  readonly addedRule: string | null
  /** True when a person was asked. */
  readonly asked: boolean
  /** Who answered the question (a person's name, a channel, `api`…). */
  readonly approver: string | null
  /** For an approval: `once` or `always`. */
  readonly scope: 'once' | 'always' | null
  /** A person's message with a denial. */
  readonly message: string | null
  readonly reason: string | null
  /** For a call the gate rejected: its error code. */
  readonly errorCode: string | null
}

/** What a call can end as: its terminal phase, or `waiting` / `unfinished` while it has none. */
export const auditOutcomes = [
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'outcome_unknown',
  'denied',
  'rejected',
  'waiting',
  'unfinished',
] as const

/** What a call ended as; see {@link auditOutcomes}. */
export type AuditOutcome = (typeof auditOutcomes)[number]

/** One call of a run as the audit view shows it. */
export interface AuditCall {
  readonly callId: string
  readonly invocationId: string
  /** The agent of the invocation the call belongs to, when the run recorded it. */
  readonly agentId: string | null
  readonly round: number | null
  /** The name the model called. */
  readonly alias: string
  /** `null` when the name matched no tool. */
  readonly toolId: string | null
  /** The argument text exactly as the model sent it. */
  readonly input: string | null
  /** The tool's one-line description of the call for people (`Edit src/a.ts`), when it gave one. */
  readonly title: string | null
  readonly decision: AuditDecision
  /** ISO times: when the model's request was recorded, and when the tool started (`null`: it never ran). */
  readonly requestedAt: string
  readonly startedAt: string | null
  readonly durationMs: number | null
  readonly outcome: AuditOutcome
  readonly errorCode: string | null
  /** A tool that threw instead of returning an error result. */
  readonly error: { readonly name: string; readonly message: string } | null
  /** Questions the running tool asked a person, in order. */
  readonly midCallApprovals: readonly {
    readonly behavior: 'allow' | 'deny' | 'ask'
    readonly reason: string | null
    readonly approver: string | null
  }[]
  /** Moves the call lifecycle does not allow, as the log recorded them. */
  readonly anomalies: readonly string[]
}

/** The audit of one run: its calls, in the order they were requested, and a summary. */
export interface RunAudit {
  readonly run: {
    readonly id: string
    readonly status: string
    readonly scope: string
    readonly profileId: string
    readonly createdAt: string
  }
  readonly calls: readonly AuditCall[]
  readonly summary: {
    readonly calls: number
    readonly byOutcome: Partial<Record<AuditOutcome, number>>
    /** The sum of every call's running time. */
    readonly toolTimeMs: number
  }
}

/**
 * The audit of a run from its store: every call of every invocation (children included) with its
 * input, how its permission was decided, when it ran, for how long and how it ended.
 *
 * @example
 * const run = store.getRun(runId)
 * if (run !== undefined) console.log(runAudit(store, run).summary.byOutcome)
 */
export function runAudit(store: Store, run: RunRecord): RunAudit {
  const agents = new Map(
    store
      .runEvents(run.id, { type: 'invocation_started' })
      .map((event) => [event.data.invocationId, event.data.agentId]),
  )
  const calls = callHistories(store.events({ runId: run.id })).map((call) =>
    auditCall(call, agents.get(call.invocationId) ?? null, store),
  )
  const byOutcome: Partial<Record<AuditOutcome, number>> = {}
  for (const outcome of auditOutcomes) {
    const count = calls.filter((call) => call.outcome === outcome).length
    if (count > 0) byOutcome[outcome] = count
  }
  return {
    run: {
      id: run.id,
      status: run.status,
      scope: run.scope,
      profileId: run.profileId,
      createdAt: new Date(run.createdAt).toISOString(),
    },
    calls,
    summary: {
      calls: calls.length,
      byOutcome,
      toolTimeMs: calls.reduce((sum, call) => sum + (call.durationMs ?? 0), 0),
    },
  }
}

function auditCall(call: CallHistory, agentId: string | null, store: Store): AuditCall {
  // The permission step records one decision per phase it enters; whatever follows came from the running tool.
  const settled = call.steps.filter((s) => ['awaiting_approval', 'scheduled', 'denied'].includes(s.phase)).length
  const started = call.steps.find((step) => step.phase === 'running')
  return {
    callId: call.callId,
    invocationId: call.invocationId,
    agentId,
    round: call.round ?? null,
    alias: call.alias,
    toolId: call.toolId,
    input: call.rawArguments ?? null,
    title: call.title ?? null,
    decision: decisionOf(call, call.decisions.slice(0, settled), store),
    requestedAt: new Date(call.steps[0]?.at ?? 0).toISOString(),
    startedAt: started === undefined ? null : new Date(started.at).toISOString(),
    durationMs: call.durationMs ?? null,
    outcome: outcomeOf(call),
    errorCode: call.result?.errorCode ?? null,
    error: call.error ?? null,
    midCallApprovals: call.decisions.slice(settled).map((d) => ({
      behavior: d.behavior,
      reason: d.reason ?? null,
      approver: d.approver ?? null,
    })),
    anomalies: call.anomalies,
  }
}

function outcomeOf(call: CallHistory): AuditOutcome {
  switch (call.phase) {
    case 'requested':
    case 'admitted':
    case 'scheduled':
    case 'running':
      return 'unfinished'
    case 'awaiting_approval':
      return 'waiting'
    default:
      return call.phase
  }
}

// What the permission step writes when a person (or the lack of one) settled a question.
const personReasons = /^(approved (once|always)|denied by a person|approval expired)$/

function decisionOf(call: CallHistory, decisions: readonly CallDecisionRecord[], store: Store): AuditDecision {
  const none: AuditDecision = {
    verdict: 'undecided',
    by: null,
    rule: null,
    addedRule: null,
    asked: false,
    approver: null,
    scope: null,
    message: null,
    reason: null,
    errorCode: null,
  }
  if (call.phase === 'rejected')
    return { ...none, verdict: 'rejected', by: 'gate', errorCode: call.result?.errorCode ?? null }
  const question = decisions.find((d) => d.behavior === 'ask')
  const last = decisions.at(-1)
  if (last === undefined) return none
  const approval = call.approvalId === undefined ? undefined : store.approvals.get(call.approvalId)
  if (last.behavior === 'ask')
    return {
      ...none,
      verdict: 'waiting',
      by: 'person',
      rule: last.rule ?? null,
      asked: true,
      reason: last.reason ?? null,
    }
  const byPerson = personReasons.test(last.reason ?? '')
  const verdict = last.behavior === 'allow' ? 'allowed' : 'denied'
  if (!byPerson)
    return { ...none, verdict, by: last.approver ?? null, rule: last.rule ?? null, reason: last.reason ?? null }
  const scope = /^approved (once|always)$/.exec(last.reason ?? '')?.[1] as 'once' | 'always' | undefined
  return {
    ...none,
    verdict,
    by: last.reason === 'approval expired' ? 'expiry' : 'person',
    rule: question?.rule ?? approval?.rule ?? null,
    // An answer given on the spot records the rule "always" added as its rule; a stored one keeps it with the request.
    addedRule: scope === 'always' ? (approval?.alwaysRule ?? last.rule ?? null) : null,
    asked: true,
    approver: last.approver ?? null,
    scope: scope ?? null,
    message: verdict === 'denied' ? (approval?.message ?? messageIn(call.result?.content)) : null,
    reason: question?.reason ?? approval?.reason ?? null,
  }
}

/** A person's message in the text the model was given for a denial answered on the spot. */
function messageIn(content: string | undefined): string | null {
  // The denial text ends with "Their message: …" (permissions/texts/approval-denied.txt).
  const at = content?.indexOf('Their message: ') ?? -1
  return content === undefined || at < 0 ? null : content.slice(at + 'Their message: '.length)
}
