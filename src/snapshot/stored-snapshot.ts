import { z } from 'zod'
import { readVersionedState, type VersionedFormat } from '../core/versioned-state.js'
import type { Snapshot } from './snapshot.js'
import { storedSnapshotV1 } from './snapshot-schema.js'

/** The version of stored snapshots this build writes; snapshots without a version are version 1. */
export const storedSnapshotVersion = 2

/** A snapshot as an invocation's row stores it: the snapshot with its version. */
export type StoredSnapshot = Snapshot & { readonly version: typeof storedSnapshotVersion }

/** Version 2: version 1 with its version stored. */
const storedSnapshotV2 = storedSnapshotV1.extend({ version: z.literal(storedSnapshotVersion) })

const storedSnapshotFormat: VersionedFormat<StoredSnapshot> = {
  version: storedSnapshotVersion,
  schema: storedSnapshotV2,
  olderSchemas: { 1: storedSnapshotV1 },
  migrations: { 1: (v1) => ({ ...(v1 as object), version: 2 }) },
  purpose: 'resume its invocation',
  otherwise: 'start a new invocation instead',
}

/** The form of `snapshot` an invocation's row stores. */
export function toStoredSnapshot(snapshot: Snapshot): StoredSnapshot {
  return { version: storedSnapshotVersion, ...snapshot }
}

/**
 * Reads the snapshot stored with an invocation, of any version this build knows.
 * @throws StoredStateError when it was written by a newer toolhost or does not parse
 */
export function parseStoredSnapshot(raw: unknown, invocationId: string): Snapshot {
  const { version: _version, ...snapshot } = readVersionedState(
    raw,
    storedSnapshotFormat,
    `Snapshot of invocation ${invocationId}`,
    undefined,
  )
  return snapshot
}
