import { z } from 'zod'

/** The kinds of run-level happenings, in the order a run usually produces them. */
export const runEventTypes = [
  'run_started',
  'invocation_started',
  'reply',
  'drift',
  'compacted',
  'handoff',
  'child_started',
  'child_ended',
  'tasks',
  'finished',
  'model_error',
] as const

/** A kind of run event. */
export type RunEventType = (typeof runEventTypes)[number]

// The data shapes are object type aliases, not interfaces, so they are assignable to
// Record<string, unknown>: readers may pass them to generic code, and stored data may carry more keys.

/** The run began: what was asked, of which model, under which profile and scope. */
export type RunStartedData = {
  readonly prompt: string
  /** The model string, `provider:model`. */
  readonly model: string
  /** The base URL the model was reached at. */
  readonly baseUrl?: string
  readonly profileId: string
  readonly scope: 'chat' | 'session'
  /** The id of the message that started the run in the logs (daemon runs). */
  readonly correlationId?: string
}

/** An invocation (one agent over one model) began inside the run. */
export type InvocationStartedData = {
  readonly invocationId: string
  readonly agentId: string
  readonly parentInvocationId?: string
  readonly mode: 'main' | 'child' | 'handoff'
  /** The system prompt the invocation runs with, so a resume can rebuild it. */
  readonly system?: string
  /** For a child: the id its parent knows it by. */
  readonly childId?: string
}

/** A reply was published (chat scope: the committed file's text). */
export type ReplyData = {
  readonly text: string
  /** The workspace path of the published file, e.g. `output/main.md`. */
  readonly path: string
  readonly invocationId: string
}

/** A turn without tool calls in chat scope: its text was saved to `path` and a reminder appended. */
export type DriftData = {
  /** 1 for the first drift since the run started or resumed. */
  readonly attempt: number
  readonly path: string
  readonly invocationId?: string
}

/** Old turns of an invocation were summarized. */
export type CompactedData = {
  readonly invocationId: string
  /** The last transcript seq the summary covers. */
  readonly throughSeq: number
  readonly tokensBefore: number
  readonly tokensAfter: number
}

/** Control passed from one agent to another. */
export type HandoffData = {
  /** The agent id handing off. */
  readonly from: string
  /** The agent id taking over. */
  readonly to: string
  readonly fromInvocationId?: string
  readonly toInvocationId?: string
  /** The message handed to the next agent. */
  readonly message?: string
}

/** A sub-agent started in return mode. Fields are optional so callers may record what they know. */
export type ChildStartedData = {
  /** The id the parent knows the child by. */
  readonly childId?: string
  readonly invocationId?: string
  readonly parentInvocationId?: string
  readonly agentId?: string
  readonly objective?: string
  /** The invocation that delegated. */
  readonly by?: string
}

/** A sub-agent ended (its `task.return` status, or how it failed). */
export type ChildEndedData = {
  readonly childId?: string
  readonly invocationId?: string
  readonly agentId?: string
  readonly status?: string
  readonly summary?: string
  /** Why it failed, when it did. */
  readonly error?: string
}

/** An agent replaced its plan with `task.write`; the last one of an invocation is its plan. */
export type TasksData = {
  readonly invocationId: string
  readonly items: readonly { readonly content: string; readonly status: string }[]
}

/** The run ended. */
export type FinishedData = {
  /** The run's final status, e.g. `completed`, `failed`, `cancelled`, `paused`. */
  readonly status: string
  /** Why, for people: `text reply`, `commit`, `max rounds`, an error message, … */
  readonly reason?: string
  /** The run's reply, when it has one. */
  readonly text?: string
}

/** A model call failed (after its retries, or one retry's error). */
export type ModelErrorData = {
  readonly message?: string
  readonly invocationId?: string
  readonly attempt?: number
  readonly retrying?: boolean
}

/** The data each run event type holds. */
export interface RunEventDataByType {
  run_started: RunStartedData
  invocation_started: InvocationStartedData
  reply: ReplyData
  drift: DriftData
  compacted: CompactedData
  handoff: HandoffData
  child_started: ChildStartedData
  child_ended: ChildEndedData
  tasks: TasksData
  finished: FinishedData
  model_error: ModelErrorData
}

/** A run event as stored, with its place in the run. */
export type RunEvent = {
  [T in RunEventType]: {
    /** Position in the run, from 1. */
    readonly seq: number
    readonly runId: string
    readonly type: T
    /** Epoch milliseconds. */
    readonly at: number
    readonly data: RunEventDataByType[T]
  }
}[RunEventType]

// Read schemas keep unknown keys (looseObject): a newer writer may add fields an older reader should pass on.
const count = z.number().int().min(0)
const id = z.string().min(1)

/** The shape of each run event type's data, checked on append and on read. */
export const runEventDataSchemas: { readonly [T in RunEventType]: z.ZodType<RunEventDataByType[T]> } = {
  run_started: z.looseObject({
    prompt: z.string(),
    model: z.string(),
    profileId: z.string(),
    scope: z.enum(['chat', 'session']),
    correlationId: z.string().exactOptional(),
  }),
  invocation_started: z.looseObject({
    invocationId: id,
    agentId: z.string(),
    parentInvocationId: id.exactOptional(),
    mode: z.enum(['main', 'child', 'handoff']),
    system: z.string().exactOptional(),
    childId: z.string().exactOptional(),
  }),
  reply: z.looseObject({ text: z.string(), path: z.string(), invocationId: id }),
  drift: z.looseObject({ attempt: z.number().int().min(1), path: z.string(), invocationId: id.exactOptional() }),
  compacted: z.looseObject({ invocationId: id, throughSeq: count, tokensBefore: count, tokensAfter: count }),
  handoff: z.looseObject({
    from: z.string(),
    to: z.string(),
    fromInvocationId: id.exactOptional(),
    toInvocationId: id.exactOptional(),
    message: z.string().exactOptional(),
  }),
  child_started: z.looseObject({
    childId: z.string().exactOptional(),
    invocationId: id.exactOptional(),
    parentInvocationId: id.exactOptional(),
    agentId: z.string().exactOptional(),
    objective: z.string().exactOptional(),
    by: z.string().exactOptional(),
  }),
  child_ended: z.looseObject({
    childId: z.string().exactOptional(),
    invocationId: id.exactOptional(),
    agentId: z.string().exactOptional(),
    status: z.string().exactOptional(),
    summary: z.string().exactOptional(),
    error: z.string().exactOptional(),
  }),
  tasks: z.looseObject({
    invocationId: id,
    items: z.array(z.looseObject({ content: z.string(), status: z.string() })),
  }),
  finished: z.looseObject({ status: z.string(), reason: z.string().exactOptional(), text: z.string().exactOptional() }),
  model_error: z.looseObject({
    message: z.string().exactOptional(),
    invocationId: id.exactOptional(),
    attempt: count.exactOptional(),
    retrying: z.boolean().exactOptional(),
  }),
}

/** True when `value` names a run event type. */
export function isRunEventType(value: unknown): value is RunEventType {
  return typeof value === 'string' && (runEventTypes as readonly string[]).includes(value)
}
