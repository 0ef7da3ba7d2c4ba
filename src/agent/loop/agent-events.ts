import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { TranscriptCall } from '../../store/transcript.js'
import type { ModelCallPhase } from '../providers/model-turn.js'
import type { ToolId } from '../../core/tool-id.js'

/**
 * What a run reports while it works, in order: for a terminal, a UI or JSON lines. `agentId` is the
 * profile of the invocation that produced the event (children and handoffs have their own).
 */
export type AgentEvent =
  | { readonly type: 'run-started'; readonly runId: string; readonly model: string; readonly resumed: boolean }
  | {
      readonly type: 'invocation-started'
      readonly invocationId: string
      readonly agentId: string
      readonly mode: InvocationMode
    }
  | { readonly type: 'text-delta'; readonly agentId: string; readonly delta: string }
  | { readonly type: 'reasoning-delta'; readonly agentId: string; readonly delta: string }
  /**
   * The model called a tool: `toolId` is what the alias reaches (`null` for a name the snapshot
   * lacks), `title` the tool's one line for people (`renderToolUseMessage`), when it has one.
   */
  | {
      readonly type: 'tool-call'
      readonly agentId: string
      readonly call: TranscriptCall
      readonly toolId: ToolId | null
      readonly title?: string
    }
  /** A call's result; `summary` is the tool's one line for people (`renderToolResultMessage`), when it has one. */
  | {
      readonly type: 'tool-result'
      readonly agentId: string
      readonly result: AgentToolResult
      readonly summary?: string
    }
  /**
   * A model turn ended: the tokens the provider counted (when it reports them) and the model's
   * context window, for a token count and a "context used" figure.
   */
  | {
      readonly type: 'model-usage'
      readonly agentId: string
      readonly inputTokens?: number
      readonly outputTokens?: number
      readonly contextTokens: number
    }
  /**
   * A running call reported progress (its tool's own words), as it happened; `alias` is the tool's
   * name as the model calls it, `elapsedMs` the time since the tool was called.
   */
  | {
      readonly type: 'tool-progress'
      readonly agentId: string
      readonly callId: string
      readonly toolId: ToolId
      readonly alias: string
      readonly message: string
      readonly progress?: number
      readonly total?: number
      readonly elapsedMs: number
    }
  /** A model call's progress (`sent`, `responding`, `ended`): for a spinner while the model is silent. */
  | { readonly type: 'model-call'; readonly agentId: string; readonly phase: ModelCallPhase }
  | {
      readonly type: 'model-retry'
      readonly agentId: string
      readonly attempt: number
      readonly error: string
      readonly delayMs: number
    }
  | { readonly type: 'reply'; readonly agentId: string; readonly text: string; readonly path: string }
  | { readonly type: 'drift'; readonly agentId: string; readonly attempt: number; readonly path: string }
  | {
      readonly type: 'compacted'
      readonly agentId: string
      readonly tokensBefore: number
      readonly tokensAfter: number
    }
  | { readonly type: 'handoff'; readonly from: string; readonly to: string }
  | { readonly type: 'paused'; readonly invocationId: string; readonly approvalIds: readonly string[] }
  | { readonly type: 'run-finished'; readonly runId: string; readonly status: AgentRunStatus; readonly reason: string }

/** How an invocation came to be: the run's first agent, a delegated child, or a handoff's target. */
export type InvocationMode = 'main' | 'child' | 'handoff'

/** How a run ended (or paused). */
export type AgentRunStatus = 'completed' | 'paused' | 'failed' | 'cancelled'
