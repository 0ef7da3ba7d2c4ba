import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProfile } from './default-profile.js'
import { findProfileFile, mergeProfile, parseProfile, ProfileError, readProfileFile } from './load-profile.js'
import { migrateProfile } from './profile-migrations.js'
import { defaultHiddenPaths } from './sandbox-settings.js'

function problemsOf(raw: unknown): readonly string[] {
  try {
    parseProfile(raw)
  } catch (error) {
    if (error instanceof ProfileError) return error.problems
    throw error
  }
  throw new Error('expected a ProfileError')
}

describe('parseProfile', () => {
  it('fills in every default', () => {
    expect(defaultProfile).toEqual({
      schemaVersion: 2,
      id: 'default',
      tools: {
        allow: ['builtin:*'],
        deny: [],
        descriptions: {},
        maxCallsPerTool: {},
        inlineCharLimit: 50_000,
        strictSchemas: false,
        maxConcurrency: 10,
        processDirs: [],
        deferred: [],
        deferThreshold: 0.1,
        metaTools: 'toolhost',
      },
      permissions: { mode: 'default', allow: [], ask: [], deny: [] },
      hooks: { preTool: [], postTool: [] },
      network: { allowPrivateHosts: [], shellUrlPrefixes: [] },
      sandbox: {
        hidePaths: [...defaultHiddenPaths],
        env: [],
        allowedDomains: [],
        cpuSeconds: 600,
        memoryMb: 4096,
        maxBackground: 4,
      },
      skills: { visible: ['*'], deny: [] },
      agent: {
        callable: false,
        delegates: ['*'],
        compactAt: 0.8,
        keepRecentTokens: 8000,
        maxDriftAttempts: 20,
        streamIdleTimeoutSec: 120,
      },
      databases: {},
      webSearch: { allowedDomains: [], blockedDomains: [], maxPerRun: 20, maxResults: 10 },
      lsp: { servers: {}, idleTimeoutSec: 300, requestTimeoutSec: 30 },
    })
  })

  it('keeps given settings', () => {
    const profile = parseProfile({
      schemaVersion: 1,
      id: 'coder',
      tools: { allow: ['builtin:dice.roll', 'extension/*'], maxCallsPerTool: { 'builtin:dice.roll': 3 } },
      permissions: { mode: 'plan', deny: ['builtin:workspace.shell(rm *)'] },
    })
    expect(profile.tools.allow).toEqual(['builtin:dice.roll', 'extension/*'])
    expect(profile.tools.maxCallsPerRun).toBeUndefined()
    expect(profile.tools.maxRounds).toBeUndefined()
    expect(profile.permissions).toEqual({ mode: 'plan', allow: [], ask: [], deny: ['builtin:workspace.shell(rm *)'] })
  })

  it.each([
    ['not an object', [], /must be a JSON object/],
    ['missing version', { id: 'x' }, /schemaVersion is missing; add "schemaVersion": 2/],
    ['newer version', { schemaVersion: 7, id: 'x' }, /newer than this toolhost reads/],
    ['bad version', { schemaVersion: 'one', id: 'x' }, /whole number/],
    ['missing id', { schemaVersion: 1 }, /^id: /],
    ['bad id', { schemaVersion: 1, id: '../etc' }, /^id: must be 1-64/],
    ['unknown key', { schemaVersion: 1, id: 'x', tool: {} }, /unknown key "tool"; valid keys: schemaVersion, id/],
    [
      'unknown tools key',
      { schemaVersion: 1, id: 'x', tools: { alow: [] } },
      /^tools: unknown key "alow"; valid keys: allow, deny/,
    ],
    [
      'bad pattern',
      { schemaVersion: 1, id: 'x', tools: { allow: ['dice.roll'] } },
      /^tools\.allow\[0\]: "dice\.roll" has no ":"/,
    ],
    ['bad provider glob', { schemaVersion: 1, id: 'x', tools: { deny: ['plugin/*'] } }, /unknown provider "plugin"/],
    ['bad limit', { schemaVersion: 1, id: 'x', tools: { maxRounds: 0 } }, /^tools\.maxRounds: /],
    ['fractional limit', { schemaVersion: 1, id: 'x', tools: { maxCallsPerRun: 1.5 } }, /^tools\.maxCallsPerRun: /],
    ['bad mode', { schemaVersion: 1, id: 'x', permissions: { mode: 'yolo' } }, /^permissions\.mode: /],
    [
      'bad rule',
      { schemaVersion: 1, id: 'x', permissions: { allow: ['builtin:workspace.shell()'] } },
      /empty parentheses/,
    ],
    [
      'bad rule tool',
      { schemaVersion: 1, id: 'x', permissions: { ask: ['shell(ls)'] } },
      /tool pattern "shell" has no ":"/,
    ],
    [
      'bad per-tool key',
      { schemaVersion: 1, id: 'x', tools: { maxCallsPerTool: { dice: 2 } } },
      /tools\.maxCallsPerTool: "dice" has no ":"/,
    ],
  ])('reports %s', (_name, raw, message) => {
    const problems = problemsOf(raw)
    expect(
      problems.some((p) => message.test(p)),
      problems.join('\n'),
    ).toBe(true)
  })

  it('reports every problem at once', () => {
    const problems = problemsOf({ schemaVersion: 1, id: 'x', tools: { maxRounds: -1, allow: ['nope'] } })
    expect(problems).toHaveLength(2)
  })

  it('takes deferred tools as patterns or auto, with a threshold between 0 and 1', () => {
    const base = { schemaVersion: 1, id: 'x' }
    expect(parseProfile({ ...base, tools: { deferred: ['mcp/*', 'extension/notes:append'] } }).tools.deferred).toEqual([
      'mcp/*',
      'extension/notes:append',
    ])
    expect(parseProfile({ ...base, tools: { deferred: 'auto', deferThreshold: 0.25 } }).tools).toMatchObject({
      deferred: 'auto',
      deferThreshold: 0.25,
    })
    expect(problemsOf({ ...base, tools: { deferred: ['nope'] } }).join('\n')).toContain('tools.deferred')
    expect(problemsOf({ ...base, tools: { deferred: 'sometimes' } })).toHaveLength(1)
    expect(problemsOf({ ...base, tools: { deferThreshold: 0 } }).join('\n')).toContain('tools.deferThreshold')
    expect(problemsOf({ ...base, tools: { deferThreshold: 1.5 } })).toHaveLength(1)
    expect(parseProfile({ ...base, tools: { metaTools: 'ias' } }).tools.metaTools).toBe('ias')
    expect(problemsOf({ ...base, tools: { metaTools: 'iAs' } }).join('\n')).toContain('tools.metaTools')
  })
})

describe('mergeProfile', () => {
  it('merges settings one level deep and replaces lists', () => {
    const merged = mergeProfile(defaultProfile, {
      tools: { deny: ['builtin:dice.*'] },
      permissions: { mode: 'bypass' },
    })
    expect(merged.tools.allow).toEqual(['builtin:*'])
    expect(merged.tools.deny).toEqual(['builtin:dice.*'])
    expect(merged.permissions.mode).toBe('bypass')
    expect(merged.id).toBe('default')
  })

  it('validates the result', () => {
    expect(() => mergeProfile(defaultProfile, { tools: { inlineCharLimit: 'big' } })).toThrow(ProfileError)
  })
})

describe('migrateProfile', () => {
  it('runs a chain of migrations up to the target', () => {
    const migrations = {
      1: (p: Record<string, unknown>) => ({ ...p, schemaVersion: 2, renamed: p.old }),
      2: (p: Record<string, unknown>) => ({ ...p, schemaVersion: 3 }),
    }
    expect(migrateProfile({ schemaVersion: 1, old: 'v' }, migrations, 3)).toEqual({
      profile: { schemaVersion: 3, old: 'v', renamed: 'v' },
    })
    expect(migrateProfile({ schemaVersion: 1 }, { 1: migrations[1] }, 3)).toEqual({
      problem: 'no migration from schemaVersion 2',
    })
    expect(migrateProfile({ schemaVersion: 1 }, { 1: (p) => p }, 2)).toMatchObject({ problem: /did not reach 2/ })
  })

  it('upgrades version 1: the old default limits of 80 become unlimited, other limits stay', () => {
    const stored = parseProfile({
      schemaVersion: 1,
      id: 'old',
      tools: { maxRounds: 80, maxCallsPerRun: 80, inlineCharLimit: 900 },
    })
    expect(stored.schemaVersion).toBe(2)
    expect(stored.tools.maxRounds).toBeUndefined()
    expect(stored.tools.maxCallsPerRun).toBeUndefined()
    expect(stored.tools.inlineCharLimit).toBe(900)
    const chosen = parseProfile({ schemaVersion: 1, id: 'set', tools: { maxRounds: 12, maxCallsPerRun: 300 } })
    expect([chosen.tools.maxRounds, chosen.tools.maxCallsPerRun]).toEqual([12, 300])
    expect(parseProfile({ schemaVersion: 1, id: 'bare' }).tools.maxRounds).toBeUndefined()
  })
})

describe('profile files', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolhost-profile-'))
    await mkdir(join(dir, 'profiles'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads JSON and YAML', async () => {
    await writeFile(join(dir, 'profiles', 'a.json'), JSON.stringify({ schemaVersion: 1, id: 'a' }))
    await writeFile(
      join(dir, 'profiles', 'b.yaml'),
      'schemaVersion: 1\nid: b\ntools:\n  allow: ["builtin:dice.roll"]\n',
    )
    expect((await findProfileFile(dir, 'a'))?.profile.id).toBe('a')
    expect((await findProfileFile(dir, 'b'))?.profile.tools.allow).toEqual(['builtin:dice.roll'])
    expect(await findProfileFile(dir, 'missing')).toBeUndefined()
  })

  it('names the file and line of a YAML error', async () => {
    const path = join(dir, 'bad.yaml')
    await writeFile(path, 'schemaVersion: 1\nid: [unclosed\n')
    await expect(readProfileFile(path)).rejects.toThrow(/bad\.yaml[\s\S]*YAML line \d+/)
  })

  it('rejects a file whose id differs from its name, and unsafe ids', async () => {
    await writeFile(join(dir, 'profiles', 'c.json'), JSON.stringify({ schemaVersion: 1, id: 'other' }))
    await expect(findProfileFile(dir, 'c')).rejects.toThrow(/named for "c"/)
    await expect(findProfileFile(dir, '../x')).rejects.toThrow(ProfileError)
  })

  it('reports a missing file and invalid JSON', async () => {
    await expect(readProfileFile(join(dir, 'none.json'))).rejects.toThrow(/cannot read the file \(ENOENT\)/)
    await writeFile(join(dir, 'broken.json'), '{')
    await expect(readProfileFile(join(dir, 'broken.json'))).rejects.toThrow(/not valid JSON/)
  })
})
