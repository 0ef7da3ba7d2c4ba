import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { StoredStateError } from '../../core/versioned-state.js'
import { parseStoredSnapshot } from '../../snapshot/stored-snapshot.js'
import { parseCheckpoint } from './checkpoint-schema.js'
import { defaultProfile } from '../../profile/default-profile.js'
import { pendingTurnV1 } from './checkpoint-v1.js'
import { pendingTurnFromSlots } from './pending-turn-schema.js'

// Checkpoints and snapshots exactly as toolhost stored them before they had versions, captured from
// the builds of the commits in their names: c2bd945 (the last unversioned build), 4e082ec (before
// processDirs and workspaceDir) and 7383156 (the first build with checkpoints, profile schema 1).
const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>
const fixture = (name: string) => json(`__fixtures__/${name}`)
const snapshotOf = (build: string) =>
  parseStoredSnapshot(json(`../../snapshot/__fixtures__/snapshot-${build}.json`), 'inv_1')

const parse = (raw: unknown, build = 'c2bd945') => parseCheckpoint(raw, 'inv_1', snapshotOf(build))

/**
 * The checkpoint a version-1 row should read as: the same fields, the version, the paused turn as
 * call states, and the profile with the settings added since (the sandbox section, the style of the
 * deferred-tool pair, databases, web search and language servers) at their defaults.
 */
function migrated(stored: Record<string, unknown>, build: string): Record<string, unknown> {
  const { pendingTurn, profile, ...rest } = stored
  const turn =
    pendingTurn === undefined
      ? {}
      : { pendingTurn: pendingTurnFromSlots(pendingTurnV1.parse(pendingTurn), snapshotOf(build)) }
  return { version: 3, ...rest, profile: withSettingsAddedSince(profile), ...turn }
}

function withSettingsAddedSince(profile: unknown): Record<string, unknown> {
  const stored = profile as Record<string, unknown>
  const tools = { ...(stored.tools as Record<string, unknown>), metaTools: defaultProfile.tools.metaTools }
  const { databases, webSearch, lsp } = defaultProfile
  return { ...stored, tools, sandbox: defaultProfile.sandbox, databases, webSearch, lsp }
}

function refusal(raw: unknown): StoredStateError {
  try {
    parse(raw)
  } catch (error) {
    if (error instanceof StoredStateError) return error
    throw error
  }
  throw new Error('the checkpoint was read')
}

describe('checkpoints stored before versions (version 1)', () => {
  it.each(['checkpoint-c2bd945-paused.json', 'checkpoint-c2bd945-direct.json'])(
    'reads %s, written by the last build without versions, unchanged but for the version',
    (name) => {
      const stored = fixture(name)
      expect(parse(stored)).toEqual(migrated(stored, 'c2bd945'))
    },
  )

  it('keeps the gate counts, the deferred tools found and what was read', () => {
    const checkpoint = parse(fixture('checkpoint-c2bd945-paused.json'))
    expect(checkpoint.gateState.discovered).toEqual(['builtin:dice.roll'])
    expect(checkpoint.readState?.['notes.txt']).toMatchObject({ full: true })
    expect(checkpoint.pendingTurn?.round).toBe(2)
  })

  it('reads a checkpoint from before processDirs and workspaceDir, filling in the profile settings added since', () => {
    const stored = fixture('checkpoint-4e082ec-paused.json')
    const checkpoint = parse(stored, '4e082ec')
    expect(checkpoint).toMatchObject({ version: 3, owner: 'user:ada', skills: [] })
    expect(checkpoint.pendingTurn).toEqual(migrated(stored, '4e082ec').pendingTurn)
    expect(checkpoint.processDirs).toBeUndefined()
    expect(checkpoint.workspaceDir).toBeUndefined()
    expect(checkpoint.profile.agent.streamIdleTimeoutSec).toBe(120)
    expect(parse(fixture('checkpoint-4e082ec-direct.json'), '4e082ec')).toMatchObject({
      direct: true,
      toolChoice: 'required',
      profileSource: { kind: 'builtin' },
    })
  })

  it('reads a checkpoint of the first build: no owner or read-state, a version-1 profile migrated', () => {
    const stored = fixture('checkpoint-7383156-paused.json')
    const checkpoint = parse(stored, '7383156')
    expect(checkpoint).toMatchObject({ version: 3, round: 2, gateState: stored.gateState })
    expect(checkpoint.owner).toBeUndefined()
    expect(checkpoint.readState).toBeUndefined()
    expect(checkpoint.profile.schemaVersion).toBe(2)
    // The old default limit of 80 is dropped by the profile migration; the rules stay.
    expect(checkpoint.profile.tools.maxRounds).toBeUndefined()
    expect(checkpoint.profile.permissions.ask).toEqual(['builtin:dice.roll'])
    expect(checkpoint.pendingTurn).toEqual(migrated(stored, '7383156').pendingTurn)
  })
})

describe('checkpoints of version 2 (versioned, the paused turn still in slots)', () => {
  it('reads the paused turn as call states: done → rejected or denied, allowed → scheduled, pending → awaiting approval', () => {
    const stored = { ...fixture('checkpoint-c2bd945-paused.json'), version: 2 }
    const checkpoint = parse(stored)
    expect(checkpoint.version).toBe(3)
    expect(checkpoint.pendingTurn?.calls.map((call) => call.phase)).toEqual([
      'rejected',
      'scheduled',
      'awaiting_approval',
    ])
    for (const call of checkpoint.pendingTurn?.calls ?? []) {
      expect(call.round).toBe(2)
      expect(call).not.toHaveProperty('kind')
    }
    expect(checkpoint.pendingTurn?.calls.map((call) => call.toolId)).toEqual([
      null,
      'builtin:workspace.read_file',
      'builtin:workspace.write_file',
    ])
    expect(checkpoint).toEqual(migrated(fixture('checkpoint-c2bd945-paused.json'), 'c2bd945'))
  })

  it('refuses a paused call whose alias the snapshot no longer has, saying why', () => {
    const stored = fixture('checkpoint-c2bd945-paused.json') as { pendingTurn: { slots: Record<string, unknown>[] } }
    const slots = stored.pendingTurn.slots.map((slot) =>
      slot.kind === 'done' ? slot : { ...slot, alias: 'gone_tool' },
    )
    const error = refusal({ ...stored, version: 2, pendingTurn: { ...stored.pendingTurn, slots } })
    expect(error.code).toBe('state.unreadable')
    expect(error.message).toContain('"gone_tool" names no tool')
  })
})

describe('checkpoints of the current version', () => {
  it('read back as written', () => {
    const current = migrated(fixture('checkpoint-c2bd945-paused.json'), 'c2bd945')
    expect(parse(JSON.parse(JSON.stringify(current)))).toEqual(current)
  })
})

describe('checkpoints this build cannot use', () => {
  it('refuses a newer version, saying to upgrade', () => {
    const error = refusal({ ...fixture('checkpoint-c2bd945-paused.json'), version: 4, somethingNew: [] })
    expect(error.code).toBe('state.newer_version')
    expect(error.message).toBe(
      'Checkpoint of invocation inv_1 was written by a newer toolhost (version 4; this build reads up to 3). Upgrade toolhost to resume it.',
    )
  })

  it.each([
    ['a count that is text', { gateState: { callsUsed: '5', callsPerTool: {} } }, /gateState\.callsUsed: /],
    ['a missing round', { round: undefined }, /round: /],
    [
      'an unknown kind of paused call',
      { pendingTurn: { round: 2, slots: [{ kind: 'later' }] } },
      /pendingTurn\.slots\.0/,
    ],
    ['an invalid profile', { profile: { schemaVersion: 2, id: 'x', tools: { allow: 7 } } }, /profile: /],
    ['a profile of an unknown schema', { profile: { schemaVersion: 9, id: 'x' } }, /profile: schemaVersion 9 is newer/],
    ['an unknown tool choice', { toolChoice: 'sometimes' }, /toolChoice: /],
  ])('refuses a damaged row: %s', (_, change, problem) => {
    const error = refusal({ ...fixture('checkpoint-c2bd945-paused.json'), ...change })
    expect(error.code).toBe('state.unreadable')
    expect(error.message).toMatch(/^Checkpoint of invocation inv_1 cannot be read \(version 1\): /)
    expect(error.message).toMatch(problem)
    expect(error.message).toMatch(/; start a new invocation instead\.$/)
    expect(error.message).not.toContain('\n')
  })
})
