import type { ProfileOverrides } from '../../profile/load-profile.js'
import type { PermissionMode, Profile } from '../../profile/profile-schema.js'
import type { Scope } from '../../core/scope.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { Approver } from '../../permissions/approvals/approval-request.js'
import type { ChatMessage, Lorebook, ScheduleService } from '../../tool/run-services.js'
import type { Invocation, Turn } from '../../host/invocation.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { type ResolvedModel } from '../providers/index.js'
import type { AgentEvent, AgentRunStatus } from './agent-events.js'

/** How to reach the model: its `provider:model` string and connection settings. */
export interface ModelOptions {
  /** Overrides the provider's endpoint (a local OpenAI-compatible server, a proxy). */
  readonly baseUrl?: string
  readonly apiKey?: string
  /** Environment to read keys and endpoints from; default `process.env`. */
  readonly env?: Record<string, string | undefined>
  readonly fetch?: typeof globalThis.fetch
}

/** What every run, new or resumed, may be given. */
export interface AgentRunRuntime extends ModelOptions {
  readonly host: ToolHost
  /** Decides calls that need approval; by default requests wait durably and the run pauses. */
  readonly approver?: Approver
  /** Cancels the run: running calls and children are cancelled, the run ends `cancelled`, and can be resumed later. */
  readonly signal?: AbortSignal
  /** Progress as it happens: text deltas, calls, results, replies. */
  readonly onEvent?: (event: AgentEvent) => void
  /** Waits between model retries (3 retries, 3 s apart); tests pass one that returns at once. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /**
   * Executes each model turn's calls; default `invocation.executeTurn(turn)`. The daemon hands
   * turns to its tool consumer this way. It must run them through that invocation (the gate, the
   * audit) and let `TurnPausedError` through.
   */
  readonly turnExecutor?: TurnExecutor
  /** The conversation's schedules; offers the `schedule.*` tools when given. */
  readonly schedules?: ScheduleService
  /**
   * The permission mode for the run's agents from now on, over their profiles' (a person's choice,
   * such as a chat's `--mode` or `/mode`); kept with each invocation's checkpoint.
   */
  readonly permissionMode?: PermissionMode
  /**
   * Leaves background commands running when the run ends (a chat keeps them across its messages
   * and stops them with `stopBackgroundCommands` when it closes); by default a run's end stops them.
   */
  readonly keepBackgroundCommands?: boolean
}

/** Runs the calls of one model turn through its invocation; see {@link AgentRunRuntime.turnExecutor}. */
export type TurnExecutor = (invocation: Invocation, turn: Turn) => Promise<AgentToolResult[]>

/** Options of {@link runAgent}. */
export interface AgentRunOptions extends AgentRunRuntime {
  /** The model: `provider:model` (e.g. `openai:gpt-4.1`, `ollama:llama3.1:8b`) or one already resolved. */
  readonly model: string | ResolvedModel
  /** The user's message that starts the run. */
  readonly prompt: string
  /** The agent's profile: an id in `<dataDir>/profiles/`, a file path, or settings over the default. */
  readonly profile?: string | Profile | ProfileOverrides
  /** `session` (default) ends on a text-only answer; `chat` publishes replies with `workspace.commit`. */
  readonly scope?: Scope
  /** Earlier messages of the conversation (chat scope), oldest first. */
  readonly conversation?: readonly ChatMessage[]
  /** Knowledge entries `worldinfo.read_activated` activates from the conversation. */
  readonly lorebook?: Lorebook
  /** Whose memories the tools use; default `user:local`. */
  readonly owner?: string
  /** Stored with the run's start, so the audit and the logs of what started it can be joined. */
  readonly correlationId?: string
}

/** Options of {@link resumeAgentRun}; without `baseUrl`, the model is reached where the run reached it. */
export interface ResumeRunOptions extends AgentRunRuntime {
  readonly runId: string
  /** The model; default the one the run started with. */
  readonly model?: string | ResolvedModel
}

/** Options of {@link continueAgentRun}: the run, and the person's next message. */
export interface FollowUpRunOptions extends ResumeRunOptions {
  readonly prompt: string
}

/** How a run ended, or that it paused. */
export interface AgentRunResult {
  readonly runId: string
  readonly status: AgentRunStatus
  /** Why it ended: `answered`, `committed`, `finished`, a failure's reason… */
  readonly reason: string
  /** The answer: the last published reply in chat scope, the final text in session scope. */
  readonly text: string
  /** Every reply the run published, in order. */
  readonly replies: readonly string[]
  /** For a paused run: the approvals it waits for. */
  readonly approvalIds: readonly string[]
}
