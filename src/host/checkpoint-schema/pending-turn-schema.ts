import type { z } from 'zod'
import type { PendingTurn } from '../../execution/turn-slots.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { pendingTurnV1, type PendingTurnV1 } from './checkpoint-v1.js'

// The one place that knows how the current build's paused turn is stored. When the PendingTurn type
// changes, this file changes with it: the current schema, and how a paused turn of an older checkpoint
// becomes one (the invocation's snapshot maps the aliases calls were made by to tool ids). The
// checkpoint version then goes up (checkpoint-schema.ts), the previous schema kept for older rows.

/** A paused turn as the current checkpoint version stores it: the turn's slots, unchanged since version 1. */
export const pendingTurnSchema: z.ZodType<PendingTurn> = pendingTurnV1

/** The paused turn of a version-1 checkpoint in the current form. */
export function pendingTurnFromV1(turn: PendingTurnV1, _snapshot: Snapshot): PendingTurn {
  return turn
}
