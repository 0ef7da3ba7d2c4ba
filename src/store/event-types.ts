import { callPhases } from '../call/call-state.js'
import { z } from 'zod'

/**
 * The kinds of audit events: one per phase a call enters (see `callPhases`), then a running call's
 * progress and stored files, and the start and end of each turn.
 */
export const eventTypes = [
  ...callPhases,
  'progress',
  'mid_call_approval',
  'stored',
  'turn_started',
  'turn_completed',
] as const

/** A kind of audit event. Turn events belong to no call; all others to exactly one. */
export type EventType = (typeof eventTypes)[number]

/** Event types that carry no call id. */
export const turnEventTypes: readonly EventType[] = ['turn_started', 'turn_completed']

/** The model asked for a call: the name it used and the argument text exactly as received. */
export interface RequestedData {
  readonly alias: string
  readonly rawArguments: string
  readonly round?: number
}

/** The permission outcome of a call and who or what decided it (scheduled, awaiting_approval, denied). */
export interface DecidedData {
  readonly behavior: 'allow' | 'deny' | 'ask'
  /** The rule that matched, if one did. */
  readonly rule?: string
  /** The person or channel that answered an approval. */
  readonly approver?: string
  readonly reason?: string
  readonly approvalId?: string
}

/** The call runs: from here on its side effects may have happened. */
export interface StartedData {
  readonly round?: number
}

/** A progress report of a running call. */
export interface ProgressData {
  readonly message: string
  readonly progress?: number
  readonly total?: number
}

/** A result as stored: an AgentToolResult without the ids the event row already has. */
export interface StoredResult {
  readonly content: string
  readonly structured?: Record<string, unknown>
  readonly isError: boolean
  readonly errorCode?: string
  readonly resourceRefs: readonly string[]
  readonly images: readonly { readonly path: string; readonly mimeType: string }[]
}

/** A call ended with a result, error results included. */
export interface CompletedData {
  readonly result: StoredResult
  readonly durationMs: number
}

/**
 * A call failed: the error result the model was given, or — when the tool threw instead — the error
 * for people reading the audit (the run ends).
 */
export interface FailedData {
  readonly error?: { readonly name: string; readonly message: string }
  readonly result?: StoredResult
  readonly durationMs: number
}

/** The gate admitted a call (its input is what the permission step sees), with the tool's description of it. */
export interface AdmittedData {
  /** The tool's one-line description of the call for people (`Edit src/a.ts`), when it gives one. */
  readonly title?: string
}

/** The gate refused a call before it was admitted: the result the model was given. */
export interface RejectedData {
  readonly result: StoredResult
}

/** A call was denied: what decided it and the result the model was given. */
export interface DeniedData extends DecidedData {
  readonly result: StoredResult
}

/** Files written for a call (externalized text, raw JSON, images, arguments), relative to the run directory. */
export interface StoredData {
  readonly paths: readonly string[]
}

/** A model turn began or ended. */
export interface TurnData {
  readonly round: number
  /** How many calls the turn made. */
  readonly calls?: number
  /** For `turn_completed`: how it ended, e.g. `completed`, `paused`, `failed`. */
  readonly status?: string
}

/** The data each event type holds. */
export interface EventDataByType {
  requested: RequestedData
  rejected: RejectedData
  admitted: AdmittedData
  denied: DeniedData
  awaiting_approval: DecidedData
  scheduled: DecidedData
  running: StartedData
  succeeded: CompletedData
  failed: FailedData
  timed_out: CompletedData
  cancelled: CompletedData
  outcome_unknown: CompletedData
  progress: ProgressData
  mid_call_approval: DecidedData
  stored: StoredData
  turn_started: TurnData
  turn_completed: TurnData
}

/** An event to append. `at` defaults to the store's clock. */
export type NewStoreEvent = {
  [T in EventType]: {
    readonly type: T
    readonly runId: string
    readonly invocationId: string
    /** Required for call events, absent or null for turn events. */
    readonly callId?: string | null
    readonly toolId?: string | null
    readonly at?: number
    readonly data: EventDataByType[T]
  }
}[EventType]

/** An event as stored, with its position in the log. */
export type StoreEvent = {
  [T in EventType]: {
    /** Position in the whole log: increasing in commit order, never reused. */
    readonly seq: number
    readonly type: T
    readonly runId: string
    readonly invocationId: string
    readonly callId: string | null
    readonly toolId: string | null
    /** Epoch milliseconds. */
    readonly at: number
    readonly data: EventDataByType[T]
  }
}[EventType]

// Read schemas keep unknown keys (looseObject): a newer writer may add fields an older reader should pass on.
const count = z.number().int().min(0)
const result = z.looseObject({
  content: z.string(),
  structured: z.record(z.string(), z.unknown()).exactOptional(),
  isError: z.boolean(),
  errorCode: z.string().exactOptional(),
  resourceRefs: z.array(z.string()),
  images: z.array(z.looseObject({ path: z.string(), mimeType: z.string() })),
})
const duration = z.number().min(0)
const decided = z.looseObject({
  behavior: z.enum(['allow', 'deny', 'ask']),
  rule: z.string().exactOptional(),
  approver: z.string().exactOptional(),
  reason: z.string().exactOptional(),
  approvalId: z.string().exactOptional(),
})
const completed = z.looseObject({ result, durationMs: duration })
const turnData = z.looseObject({ round: count, calls: count.exactOptional(), status: z.string().exactOptional() })

/** The shape of each event type's data, checked on append and on read. */
export const eventDataSchemas: { readonly [T in EventType]: z.ZodType<EventDataByType[T]> } = {
  requested: z.looseObject({ alias: z.string(), rawArguments: z.string(), round: count.exactOptional() }),
  rejected: z.looseObject({ result }),
  admitted: z.looseObject({ title: z.string().exactOptional() }),
  denied: decided.extend({ result }),
  awaiting_approval: decided,
  scheduled: decided,
  running: z.looseObject({ round: count.exactOptional() }),
  progress: z.looseObject({
    message: z.string(),
    progress: z.number().exactOptional(),
    total: z.number().exactOptional(),
  }),
  succeeded: completed,
  timed_out: completed,
  cancelled: completed,
  outcome_unknown: completed,
  failed: z.looseObject({
    error: z.looseObject({ name: z.string(), message: z.string() }).exactOptional(),
    result: result.exactOptional(),
    durationMs: duration,
  }),
  mid_call_approval: decided,
  stored: z.looseObject({ paths: z.array(z.string()) }),
  turn_started: turnData,
  turn_completed: turnData,
}

/** True when `value` names an event type. */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (eventTypes as readonly string[]).includes(value)
}

/** The result an event gives the model: on the events that end a call (absent on a failure without one). */
export function resultOf(event: StoreEvent): StoredResult | undefined {
  switch (event.type) {
    case 'rejected':
    case 'denied':
    case 'succeeded':
    case 'failed':
    case 'timed_out':
    case 'cancelled':
    case 'outcome_unknown':
      return event.data.result
    default:
      return undefined
  }
}
