import type { CallState } from '../call/call-state.js'

/**
 * A turn paused on durable approvals: its calls as they stand — ended (rejected, denied),
 * scheduled to run, or awaiting approval. Plain data, so that the turn can be checkpointed and
 * continued by another process.
 */
export interface PendingTurn {
  readonly round: number
  readonly calls: readonly CallState[]
}
