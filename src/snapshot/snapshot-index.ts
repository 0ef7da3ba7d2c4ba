import type { ToolId } from '../core/tool-id.js'
import type { SnapshotBinding } from './snapshot-binding.js'
import type { Snapshot } from './snapshot.js'

/** Finds a snapshot's bindings by the alias the model calls or by tool id, in constant time. */
export interface SnapshotIndex {
  /** The binding the model calls by `alias` (exact spelling), deferred ones included. */
  byAlias(alias: string): SnapshotBinding | undefined
  /** The binding of a tool id, deferred ones included. */
  byToolId(toolId: ToolId | string): SnapshotBinding | undefined
  /** The alias the snapshot gives a tool id; `undefined` when the snapshot does not hold it. */
  aliasOf(toolId: ToolId | string): string | undefined
}

// Snapshots are frozen data (stored and reloaded as JSON), so the index lives beside them, built
// on first use and dropped with the snapshot.
const indexes = new WeakMap<Pick<Snapshot, 'bindings'>, SnapshotIndex>()

/**
 * The one lookup of a snapshot's bindings: every alias ↔ tool id question on the call path goes
 * through it instead of scanning `snapshot.bindings`.
 *
 * @example
 * const binding = snapshotIndex(invocation.snapshot).byAlias('workspace_read_file')
 */
export function snapshotIndex(snapshot: Pick<Snapshot, 'bindings'>): SnapshotIndex {
  let index = indexes.get(snapshot)
  if (index === undefined) {
    index = buildIndex(snapshot.bindings)
    indexes.set(snapshot, index)
  }
  return index
}

function buildIndex(bindings: readonly SnapshotBinding[]): SnapshotIndex {
  const byAlias = new Map<string, SnapshotBinding>()
  const byToolId = new Map<string, SnapshotBinding>()
  for (const binding of bindings) {
    // Aliases and ids are unique within a snapshot; the first wins should a hand-made one repeat.
    if (!byAlias.has(binding.alias)) byAlias.set(binding.alias, binding)
    if (!byToolId.has(binding.toolId)) byToolId.set(binding.toolId, binding)
  }
  return {
    byAlias: (alias) => byAlias.get(alias),
    byToolId: (toolId) => byToolId.get(toolId),
    aliasOf: (toolId) => byToolId.get(toolId)?.alias,
  }
}
