import type { SnapshotBinding } from '../snapshot-binding.js'

/** A binding with empty description and schema, for tests that only care about ids and aliases. */
export function testBinding(toolId: string, alias: string, deferred?: true): SnapshotBinding {
  return {
    toolId: toolId as SnapshotBinding['toolId'],
    alias,
    description: '',
    inputSchema: { type: 'object' },
    strict: false,
    dropped: [],
    annotations: {},
    completion: false,
    ...(deferred !== undefined && { deferred }),
  }
}
