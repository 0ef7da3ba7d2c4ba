import { describe, expect, it } from 'vitest'
import { testBinding } from './__fixtures__/test-binding.js'
import { snapshotIndex } from './snapshot-index.js'

const binding = testBinding

describe('snapshotIndex', () => {
  const snapshot = {
    bindings: [
      binding('builtin:workspace.read_file', 'workspace_read_file'),
      binding('mcp/docs:search', 'docs_search', true),
    ],
  }

  it('finds bindings by alias and by tool id, deferred ones included', () => {
    const index = snapshotIndex(snapshot)
    expect(index.byAlias('workspace_read_file')?.toolId).toBe('builtin:workspace.read_file')
    expect(index.byAlias('docs_search')?.deferred).toBe(true)
    expect(index.byToolId('mcp/docs:search')?.alias).toBe('docs_search')
    expect(index.aliasOf('builtin:workspace.read_file')).toBe('workspace_read_file')
  })

  it('answers undefined for names the snapshot does not hold, spelled exactly', () => {
    const index = snapshotIndex(snapshot)
    expect(index.byAlias('Workspace_Read_File')).toBeUndefined()
    expect(index.byAlias('workspace.read_file')).toBeUndefined()
    expect(index.aliasOf('builtin:workspace.write_file')).toBeUndefined()
  })

  it('builds one index per snapshot', () => {
    expect(snapshotIndex(snapshot)).toBe(snapshotIndex(snapshot))
    expect(snapshotIndex({ bindings: [...snapshot.bindings] })).not.toBe(snapshotIndex(snapshot))
  })
})
