import { callPhases, type CallDecisionRecord, type CallPhase } from '../call/call-state.js'
import { canTransition } from '../call/call-transitions.js'
import { resultOf, type DecidedData, type StoreEvent, type StoredResult } from './event-types.js'

/** One move of a call, as the audit recorded it. */
export interface CallStep {
  readonly phase: CallPhase
  /** Epoch milliseconds. */
  readonly at: number
}

/** A call's life as the audit shows it: every phase it went through, and where it stands. */
export interface CallHistory {
  readonly callId: string
  readonly invocationId: string
  readonly toolId: string | null
  /** The name the model called. */
  readonly alias: string
  /** The argument text exactly as the model sent it. */
  readonly rawArguments?: string
  /** The tool's one-line description of the call for people, when it gave one. */
  readonly title?: string
  readonly round?: number
  readonly phase: CallPhase
  readonly steps: readonly CallStep[]
  /** The last decision recorded (scheduled, awaiting approval, denied), and mid-call approvals. */
  readonly decisions: readonly CallDecisionRecord[]
  readonly approvalId?: string
  readonly result?: StoredResult
  readonly error?: { readonly name: string; readonly message: string }
  readonly durationMs?: number
  readonly progress: readonly string[]
  /** Files written for the call, relative to the run directory. */
  readonly stored: readonly string[]
  /** Moves the transition table does not allow (a log written outside the recorder). */
  readonly anomalies: readonly string[]
}

const isPhase = (type: string): type is CallPhase => (callPhases as readonly string[]).includes(type)

/**
 * Folds audit events into one history per call, in the order calls were first recorded: the read
 * side of the call lifecycle, for `toolhost runs show` and any view of what calls did. A call id
 * requested again after its call ended starts a new history (models may reuse ids across turns).
 * Each move is checked against the transition table; one it does not allow is kept and noted,
 * never dropped.
 *
 * @example
 * for (const call of callHistories(store.events({ runId }))) console.log(call.alias, call.phase)
 */
export function callHistories(events: readonly StoreEvent[]): CallHistory[] {
  const histories: Mutable[] = []
  const current = new Map<string, Mutable>()
  for (const event of events) {
    if (event.callId === null) continue
    let call = current.get(event.callId)
    if (call === undefined || (event.type === 'requested' && call.steps.length > 0)) {
      call = blank(event)
      current.set(event.callId, call)
      histories.push(call)
    }
    if (event.toolId !== null) call.toolId = event.toolId
    apply(call, event)
  }
  return histories
}

type Mutable = { -readonly [K in keyof CallHistory]: CallHistory[K] } & {
  steps: CallStep[]
  decisions: CallDecisionRecord[]
  progress: string[]
  stored: string[]
  anomalies: string[]
}

function blank(event: StoreEvent): Mutable {
  return {
    callId: event.callId ?? '',
    invocationId: event.invocationId,
    toolId: event.toolId,
    alias: '',
    phase: 'requested',
    steps: [],
    decisions: [],
    progress: [],
    stored: [],
    anomalies: [],
  }
}

function apply(call: Mutable, event: StoreEvent): void {
  switch (event.type) {
    case 'progress':
      call.progress.push(event.data.message)
      return
    case 'stored':
      call.stored.push(...event.data.paths)
      return
    case 'mid_call_approval':
      call.decisions.push(decisionOf(event.data))
      return
    case 'turn_started':
    case 'turn_completed':
      return
    default:
      // Every other event type is a phase a call enters.
      enter(call, event)
  }
}

function enter(call: Mutable, event: StoreEvent): void {
  if (!isPhase(event.type)) return
  const from = call.steps.at(-1)?.phase
  if (from === undefined ? event.type !== 'requested' : !canTransition(from, event.type))
    call.anomalies.push(`${from ?? '(nothing)'} → ${event.type} at seq ${event.seq}`)
  call.steps.push({ phase: event.type, at: event.at })
  call.phase = event.type
  switch (event.type) {
    case 'requested':
      call.alias = event.data.alias
      call.rawArguments = event.data.rawArguments
      if (event.data.round !== undefined) call.round = event.data.round
      break
    case 'admitted':
      if (event.data.title !== undefined) call.title = event.data.title
      break
    case 'awaiting_approval':
      call.decisions.push(decisionOf(event.data))
      if (event.data.approvalId !== undefined) call.approvalId = event.data.approvalId
      break
    case 'scheduled':
    case 'denied':
      call.decisions.push(decisionOf(event.data))
      break
    case 'failed':
      if (event.data.error !== undefined) call.error = event.data.error
      call.durationMs = event.data.durationMs
      break
    case 'succeeded':
    case 'timed_out':
    case 'cancelled':
    case 'outcome_unknown':
      call.durationMs = event.data.durationMs
      break
    default:
      // rejected and running carry nothing more for the history.
      break
  }
  const result = resultOf(event)
  if (result !== undefined) call.result = result
}

function decisionOf({ behavior, reason, rule, approver }: DecidedData): CallDecisionRecord {
  return {
    behavior,
    ...(reason !== undefined && { reason }),
    ...(rule !== undefined && { rule }),
    ...(approver !== undefined && { approver }),
  }
}
