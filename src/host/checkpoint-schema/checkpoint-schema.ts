import { z } from 'zod'
import { readVersionedState, type VersionedFormat } from '../../core/versioned-state.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { checkpointVersion, type InvocationCheckpoint } from '../invocation-checkpoint.js'
import { checkpointFields, checkpointV1, type CheckpointV1 } from './checkpoint-v1.js'
import { pendingTurnFromSlots, pendingTurnSchema } from './pending-turn-schema.js'

/** Version 2: the fields of version 1 with the version stored; the paused turn still in slots. */
const checkpointV2 = checkpointV1.extend({ version: z.literal(2) })

/** Version 3: a paused turn holds its calls as call states (the call lifecycle). */
const checkpointV3: z.ZodType<InvocationCheckpoint> = z.object({
  version: z.literal(checkpointVersion),
  ...checkpointFields,
  pendingTurn: pendingTurnSchema.exactOptional(),
})

function fromV1(parsed: unknown): unknown {
  return { ...(parsed as CheckpointV1), version: 2 }
}

function fromV2(parsed: unknown, snapshot: Snapshot): unknown {
  const { pendingTurn, ...rest } = parsed as CheckpointV1
  return {
    ...rest,
    version: 3,
    ...(pendingTurn !== undefined && { pendingTurn: pendingTurnFromSlots(pendingTurn, snapshot) }),
  }
}

/**
 * How checkpoints are versioned: a schema per version and a migration from each older one. A
 * change of the stored shape raises {@link checkpointVersion}, keeps the previous schema here and
 * adds a migration from it.
 */
export const checkpointFormat: VersionedFormat<InvocationCheckpoint, Snapshot> = {
  version: checkpointVersion,
  schema: checkpointV3,
  olderSchemas: { 1: checkpointV1, 2: checkpointV2 },
  migrations: { 1: fromV1, 2: fromV2 },
  purpose: 'resume it',
  otherwise: 'start a new invocation instead',
}

/**
 * Reads a stored checkpoint of any version this build knows, migrated to the current one.
 * @param snapshot the invocation's snapshot, which migrations of paused turns consult
 * @throws StoredStateError when it was written by a newer toolhost or does not parse
 */
export function parseCheckpoint(raw: unknown, invocationId: string, snapshot: Snapshot): InvocationCheckpoint {
  return readVersionedState(raw, checkpointFormat, `Checkpoint of invocation ${invocationId}`, snapshot)
}
