import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { testTools } from '../../test/test-tools.js'
import { protocolNames } from '../core/protocol-name.js'
import { StoredStateError } from '../core/versioned-state.js'
import { createToolHost } from '../host/create-tool-host.js'
import { parseStoredSnapshot, toStoredSnapshot } from './stored-snapshot.js'

// Snapshots exactly as toolhost stored them before they had versions, captured from the builds of
// the commits in their names: c2bd945 (the last unversioned build, with a deferred tool), 4e082ec and 7383156 (the first).
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`__fixtures__/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>

function refusal(raw: unknown): StoredStateError {
  try {
    parseStoredSnapshot(raw, 'inv_1')
  } catch (error) {
    if (error instanceof StoredStateError) return error
    throw error
  }
  throw new Error('the snapshot was read')
}

describe('stored snapshots', () => {
  it.each(['snapshot-c2bd945.json', 'snapshot-4e082ec.json', 'snapshot-7383156.json'])(
    'reads %s, stored before versions, unchanged',
    (name) => {
      const stored = fixture(name)
      expect(parseStoredSnapshot(stored, 'inv_1')).toEqual(stored)
    },
  )

  it('keeps every field a snapshot has through storing and reading, for every protocol', async () => {
    const host = await createToolHost({
      tools: testTools,
      dataDir: tempDir(),
      watchProcessTools: false,
      processDirs: [],
    })
    afterAll(() => host.close())
    for (const protocol of protocolNames) {
      const { snapshot } = await host.snapshot({
        scope: 'session',
        protocol,
        profile: {
          tools: {
            allow: ['builtin:*'],
            deferred: ['builtin:dice.*'],
            strictSchemas: true,
            maxCallsPerTool: { 'builtin:test.*': 3 },
          },
        },
      })
      expect(snapshot.bindings.some((binding) => binding.deferred === true)).toBe(true)
      expect(snapshot.bindings.some((binding) => binding.maxCalls === 3)).toBe(true)
      const stored: unknown = JSON.parse(JSON.stringify(toStoredSnapshot(snapshot)))
      expect(stored).toMatchObject({ version: 2, id: snapshot.id })
      expect(parseStoredSnapshot(stored, 'inv_1')).toEqual(snapshot)
    }
  })

  it('keeps diagnostics and annotations', () => {
    const stored = fixture('snapshot-c2bd945.json')
    const diagnostics = [{ toolId: 'builtin:dice.roll', code: 'snapshot.tools_deferred', message: '1 tool deferred' }]
    const withMore = { ...stored, version: 2, diagnostics }
    const { version: _version, ...expected } = withMore
    expect(parseStoredSnapshot(withMore, 'inv_1')).toEqual(expected)
  })

  it('refuses a newer version, saying to upgrade', () => {
    const error = refusal({ ...fixture('snapshot-c2bd945.json'), version: 3 })
    expect(error.code).toBe('state.newer_version')
    expect(error.message).toBe(
      'Snapshot of invocation inv_1 was written by a newer toolhost (version 3; this build reads up to 2). Upgrade toolhost to resume its invocation.',
    )
  })

  it.each([
    ['an unknown protocol', { protocol: 'carrier-pigeon' }, /^protocol: /],
    ['an unknown scope', { scope: 'team' }, /^scope: /],
    ['a binding without an alias', { bindings: [{ toolId: 'builtin:dice.roll' }] }, /^bindings\.0\.alias: /],
    ['bindings that are no list', { bindings: {} }, /^bindings: /],
  ])('refuses a damaged row: %s', (_, change, problem) => {
    const error = refusal({ ...fixture('snapshot-c2bd945.json'), ...change })
    expect(error.code).toBe('state.unreadable')
    const prefix = 'Snapshot of invocation inv_1 cannot be read (version 1): '
    expect(error.message.startsWith(prefix)).toBe(true)
    expect(error.message.slice(prefix.length)).toMatch(problem)
  })
})
