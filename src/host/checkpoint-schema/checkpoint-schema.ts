import { z } from 'zod'
import { readVersionedState, type VersionedFormat } from '../../core/versioned-state.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { checkpointVersion, type InvocationCheckpoint } from '../invocation-checkpoint.js'
import { checkpointFields, checkpointV1, type CheckpointV1 } from './checkpoint-v1.js'
import { pendingTurnFromV1, pendingTurnSchema } from './pending-turn-schema.js'

/** Version 2: the fields of version 1 with the version stored, and the paused turn in the current form. */
const checkpointV2: z.ZodType<InvocationCheckpoint> = z.object({
  version: z.literal(checkpointVersion),
  ...checkpointFields,
  pendingTurn: pendingTurnSchema.exactOptional(),
})

function fromV1(parsed: unknown, snapshot: Snapshot): unknown {
  const { pendingTurn, ...rest } = parsed as CheckpointV1
  return {
    version: 2,
    ...rest,
    ...(pendingTurn !== undefined && { pendingTurn: pendingTurnFromV1(pendingTurn, snapshot) }),
  }
}

/**
 * How checkpoints are versioned: a schema per version and a migration from each older one. A
 * change of the stored shape raises {@link checkpointVersion}, keeps the previous schema here and
 * adds a migration from it.
 */
export const checkpointFormat: VersionedFormat<InvocationCheckpoint, Snapshot> = {
  version: checkpointVersion,
  schema: checkpointV2,
  olderSchemas: { 1: checkpointV1 },
  migrations: { 1: fromV1 },
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
