import type { ToolId } from '../core/tool-id.js'

/**
 * What an agent run provides beyond a plain invocation. Tools that need one declare it in
 * `requires` and are offered only to invocations that have it.
 * - `run`: the invocation is driven by the agent loop (commit, finish, chat tools)
 * - `return`: the invocation is a delegated child that ends with `task.return`
 * - `delegation`: callable agents exist (`agent.delegate`, `agent.await`, `agent.handoff`)
 * - `lorebook`: the run has knowledge entries (`worldinfo.read_activated`)
 * - `schedules`: the run belongs to a daemon conversation that scheduled tasks can return to (`schedule.*`)
 */
export type RunFeature = 'run' | 'return' | 'delegation' | 'lorebook' | 'schedules'

/** The run features, in a fixed order. */
export const runFeatures: readonly RunFeature[] = ['run', 'return', 'delegation', 'lorebook', 'schedules']

/** One message of a chat-scope conversation, as chat tools read it. */
export interface ChatMessage {
  readonly role: 'user' | 'assistant' | 'system'
  /** Who wrote it (a user's display name, the agent's name). */
  readonly name?: string
  readonly text: string
  /** Epoch milliseconds. */
  readonly at?: number
}

/** A keyword-triggered knowledge entry (lorebook / world info). */
export interface LorebookEntry {
  readonly id: string
  /** A short title shown with the entry. */
  readonly title?: string
  /** Words or phrases that activate the entry when the recent conversation mentions them. */
  readonly keys: readonly string[]
  /** When given, at least one of these must also appear. */
  readonly secondaryKeys?: readonly string[]
  readonly content: string
  /** Always active, keys or not. */
  readonly constant?: boolean
  /** Keys are case-sensitive; default false. */
  readonly caseSensitive?: boolean
  /** Higher first when several entries are active. */
  readonly priority?: number
  /** Recent messages scanned for keys; default the lorebook's scan depth. */
  readonly scanDepth?: number
  readonly enabled?: boolean
}

/** A lorebook: entries plus how far back they are activated. */
export interface Lorebook {
  /** Recent messages scanned for keys; default 4. */
  readonly scanDepth: number
  readonly entries: readonly LorebookEntry[]
}

/** A reply a chat-scope run publishes with `workspace.commit`. */
export interface PublishedReply {
  readonly text: string
  /** The workspace path it was read from (`output/main.md`). */
  readonly path: string
  /** True when the commit also finishes the run. */
  readonly finish: boolean
}

/** A callable agent as the model sees it. */
export interface AgentCard {
  /** The profile id the model names in `agent.delegate` / `agent.handoff`. */
  readonly id: string
  readonly name?: string
  readonly description: string
}

/** The task a delegating agent gives a child. */
export interface DelegatedTask {
  readonly objective: string
  readonly context?: string
  readonly expectedOutput?: string
}

/** What a child returns with `task.return`. */
export interface TaskReturn {
  readonly summary: string
  readonly status: 'completed' | 'partial' | 'failed'
  readonly artifacts: readonly string[]
}

/** A child's state as `agent.await` reports it. */
export interface ChildOutcome {
  readonly childId: string
  readonly agentId: string
  readonly state: 'running' | 'returned' | 'failed' | 'cancelled'
  /** Present once the child returned (or failed with a summary). */
  readonly result?: TaskReturn
  /** Why it failed or was cancelled. */
  readonly error?: string
}

/** Delegation as the sub-agent tools use it; the run implements it. */
export interface DelegationServices {
  /** Agents this invocation may delegate or hand off to. */
  agents(): readonly AgentCard[]
  /** Starts a child in return mode; resolves once it is running. Throws ToolError for a bad target or a limit. */
  delegate(request: {
    readonly agentId: string
    readonly task: DelegatedTask
    readonly callId: string
  }): Promise<{ readonly childId: string }>
  /** Waits for one (the first to end) or all of the given children, or all started, up to `timeoutMs`. */
  await(request: {
    readonly mode: 'one' | 'all'
    readonly childIds?: readonly string[]
    readonly timeoutMs: number
    readonly signal: AbortSignal
  }): Promise<readonly ChildOutcome[]>
  /** Asks the run to transfer control to another agent after this turn. Throws ToolError for a bad target or depth. */
  handoff(request: { readonly agentId: string; readonly message: string }): Promise<void>
}

/** A task to run later in the conversation: a cron expression in a time zone, or one time. */
export interface ScheduleSpec {
  /** Five or six fields (croner syntax), e.g. `0 9 * * 1-5`; exclusive with `at`. */
  readonly cron?: string
  /** IANA time zone of `cron`, e.g. `Europe/Berlin`; default UTC. */
  readonly timeZone?: string
  /** One time, ISO 8601 with an offset, e.g. `2026-12-24T18:00:00+01:00`; exclusive with `cron`. */
  readonly at?: string
  /** What the agent is told when the schedule fires. */
  readonly prompt: string
}

/** A stored schedule as tools and people see it; times are ISO 8601 in UTC. */
export interface ScheduleInfo {
  readonly id: string
  readonly cron?: string
  readonly timeZone?: string
  readonly at?: string
  readonly prompt: string
  readonly state: 'active' | 'done' | 'cancelled'
  /** When it fires next; absent once done or cancelled. */
  readonly nextDueAt?: string
  readonly createdAt: string
}

/** The conversation's schedules, as the `schedule.*` tools use them; the daemon implements it. */
export interface ScheduleService {
  /** Creates a schedule; the same `callId` again returns the schedule it created. Throws ToolError for a bad spec. */
  create(spec: ScheduleSpec, callId: string): Promise<ScheduleInfo>
  /** The conversation's schedules, active ones first. */
  list(): Promise<readonly ScheduleInfo[]>
  /** Cancels one of the conversation's schedules. Throws ToolError for an unknown id. */
  cancel(id: string): Promise<ScheduleInfo>
}

/** Where a task of the agent's plan stands. */
export type TaskStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled'

/** One item of the agent's own plan (`task.write`, `task.read`). */
export interface TaskItem {
  readonly content: string
  readonly status: TaskStatus
}

/** The agent's plan, kept with the run so a resumed run finds it as it was. */
export interface TaskListService {
  /** The invocation's current plan; empty before the first `task.write`. */
  read(): readonly TaskItem[]
  /** Replaces the plan; recorded in the store before the call's result. */
  write(items: readonly TaskItem[]): Promise<void>
}

/** What an agent run gives the tools that act on the run itself; absent outside the agent loop. */
export interface RunServices {
  readonly runId: string
  /** The agent's plan (`task.*`). */
  readonly tasks: TaskListService
  /** The conversation of the run, oldest first (chat scope: the channel's messages, then the run's own). */
  conversation(): readonly ChatMessage[]
  /** The run's lorebook, when it has one. */
  lorebook(): Lorebook | undefined
  /** Publishes a reply to the conversation (an event in the store, printed by the CLI, sent by the daemon). */
  publish(reply: PublishedReply): Promise<void>
  /** Ends the run after this turn (`workspace.finish`). */
  finish(reason: string): void
  /** Completes a delegated child with its result (`task.return`); undefined outside return mode. */
  readonly returnTask?: (result: TaskReturn) => void
  /** Sub-agents, when the run has callable agents. */
  readonly delegation?: DelegationServices
  /** The conversation's schedules, in a daemon run. */
  readonly schedules?: ScheduleService
  /** Tool ids, so that tools can name each other by alias. */
  readonly toolIds?: readonly ToolId[]
}
