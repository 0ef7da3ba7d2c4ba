import type { AgentToolResult, ResultImage } from '../tool/agent-tool-result.js'

/**
 * What a provider attached to a part of its answer, by provider name (e.g. Anthropic's thinking
 * `signature`, Gemini's `thoughtSignature`). Some providers require it back when the turn is replayed.
 */
export type ProviderMetadata = Readonly<Record<string, Readonly<Record<string, unknown>>>>

/** A call as the model made it: the name it used and the argument text exactly as received. */
export interface TranscriptCall {
  readonly callId: string
  /** The alias the model called (may be unknown to the snapshot). */
  readonly name: string
  /** The raw wire arguments as text; replay turns them into an object through ToolArguments. */
  readonly rawArguments: string
  readonly metadata?: ProviderMetadata
}

/** One reasoning block of a model turn, with what the provider attached to it. */
export interface ReasoningPart {
  readonly text: string
  readonly metadata?: ProviderMetadata
}

/**
 * One entry of a provider-neutral transcript. Replay turns entries into each protocol's messages;
 * the store keeps them in order per invocation.
 */
export type TranscriptEntry =
  /**
   * A person's message (the prompt, a chat message, a handoff's message). `task` marks the run's
   * task (its first user message): compaction never summarizes it, so it stays in every prompt.
   */
  | {
      readonly kind: 'user'
      readonly text: string
      readonly name?: string
      readonly images?: readonly ResultImage[]
      readonly task?: true
    }
  /**
   * A model turn: its text, reasoning and the calls it made, in order. `prior` marks an agent's
   * message of the conversation before the run (replayed alike, not counted as a turn of the run).
   */
  | {
      readonly kind: 'assistant'
      readonly text: string
      /** All reasoning text of the turn, for people. */
      readonly reasoning?: string
      /** The reasoning blocks as the provider sent them, when it attached metadata to replay. */
      readonly reasoningParts?: readonly ReasoningPart[]
      readonly calls: readonly TranscriptCall[]
      readonly prior?: true
    }
  /** The results of the preceding assistant entry's calls, one per call, in call order. */
  | { readonly kind: 'results'; readonly results: readonly AgentToolResult[] }
  /** A message from the runtime to the model (a drift reminder), sent in the user role. */
  | { readonly kind: 'reminder'; readonly text: string }
  /** What compaction made of the entries up to `throughSeq`: replay starts from here. */
  | { readonly kind: 'summary'; readonly text: string; readonly throughSeq: number }

/** An entry as stored, with its place in the invocation's transcript. */
export interface StoredTranscriptEntry {
  /** Position in the invocation's transcript, from 1. */
  readonly seq: number
  readonly invocationId: string
  /** Epoch milliseconds. */
  readonly at: number
  readonly entry: TranscriptEntry
}
