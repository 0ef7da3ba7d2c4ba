import type { ReasoningPart, TranscriptCall } from '../../store/transcript.js'

/**
 * How a model call goes, for progress displays: `sent` when a request goes out (again on each
 * retry), `responding` when its response began, `ended` when the call is over (done or failed).
 */
export type ModelCallPhase = 'sent' | 'responding' | 'ended'

/** Something the model produced while its turn streams, surfaced as it comes. */
export type ModelStreamEvent =
  | { readonly type: 'model-call'; readonly phase: ModelCallPhase }
  | { readonly type: 'text-delta'; readonly delta: string }
  | { readonly type: 'reasoning-delta'; readonly delta: string }
  | { readonly type: 'tool-call-start'; readonly callId: string; readonly name: string }
  | { readonly type: 'tool-call'; readonly call: TranscriptCall }
  | { readonly type: 'retry'; readonly attempt: number; readonly error: string; readonly delayMs: number }

/** Token counts of one model turn, as the provider reported them. */
export interface ModelUsage {
  readonly inputTokens?: number
  readonly outputTokens?: number
}

/** A finished model turn. */
export interface ModelTurn {
  readonly text: string
  readonly reasoning: string
  /** The reasoning blocks with their provider metadata (signatures), in order. */
  readonly reasoningParts: readonly ReasoningPart[]
  /** The client tool calls, in the order the model made them. */
  readonly calls: readonly TranscriptCall[]
  /** The unified finish reason (`stop`, `tool-calls`, `length`, …). */
  readonly finishReason: string
  readonly usage: ModelUsage
}
