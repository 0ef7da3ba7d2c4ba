import type { AgentToolResult } from '../tool/agent-tool-result.js'

/**
 * Where each call of a turn stands after the gate and permissions: done (a result already, e.g.
 * rejected or denied), allowed to run, or waiting for a durable approval. Plain data, so that a
 * paused turn can be checkpointed and continued by another process.
 */
export type TurnSlot =
  | { readonly kind: 'done'; readonly result: AgentToolResult }
  | {
      readonly kind: 'allowed'
      readonly callId: string
      readonly alias: string
      readonly input: Record<string, unknown>
    }
  | {
      readonly kind: 'pending'
      readonly callId: string
      readonly alias: string
      readonly input: Record<string, unknown>
      readonly approvalId: string
      readonly alwaysRule: string
    }

/** A turn paused on durable approvals. */
export interface PendingTurn {
  readonly round: number
  readonly slots: readonly TurnSlot[]
}
