import { parseStoredSnapshot } from '../snapshot/stored-snapshot.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { Store } from '../store/store.js'
import { parseCheckpoint } from './checkpoint-schema/checkpoint-schema.js'
import type { InvocationCheckpoint } from './invocation-checkpoint.js'

/** What a resume reads of an invocation: its run, its latest checkpoint and its snapshot, checked and migrated. */
export interface StoredInvocation {
  readonly runId: string
  readonly checkpoint: InvocationCheckpoint
  readonly snapshot: Snapshot
}

/**
 * Reads what resuming an invocation needs from the store.
 * @throws Error when the invocation or its checkpoint is missing
 * @throws StoredStateError when the checkpoint or snapshot was written by a newer toolhost or does not parse
 */
export function readStoredInvocation(store: Store, invocationId: string): StoredInvocation {
  const record = store.getInvocation(invocationId)
  if (record === undefined) throw new Error(`No invocation ${invocationId} in the store.`)
  const saved = store.latestCheckpoint(invocationId)
  if (saved === undefined) throw new Error(`Invocation ${invocationId} has no checkpoint to resume from.`)
  const snapshot = parseStoredSnapshot(record.snapshot, invocationId)
  return { runId: record.runId, checkpoint: parseCheckpoint(saved.data, invocationId, snapshot), snapshot }
}
