import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProfile } from './default-profile.js'
import { readProfileFile } from './load-profile.js'
import { addAllowRule, persistAllowRule } from './profile-rules.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolhost-rules-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('addAllowRule', () => {
  it('appends once', () => {
    const once = addAllowRule(defaultProfile, 'builtin:dice.roll')
    expect(once.permissions.allow).toEqual(['builtin:dice.roll'])
    expect(addAllowRule(once, 'builtin:dice.roll')).toBe(once)
    expect(defaultProfile.permissions.allow).toEqual([])
  })
})

describe('persistAllowRule', () => {
  it('adds the rule to a JSON profile', async () => {
    const path = join(dir, 'p.json')
    await writeFile(path, JSON.stringify({ schemaVersion: 1, id: 'p' }))
    await persistAllowRule(path, 'builtin:workspace.shell(git status)')
    await persistAllowRule(path, 'builtin:workspace.shell(git status)')
    expect((await readProfileFile(path)).permissions.allow).toEqual(['builtin:workspace.shell(git status)'])
  })

  it('keeps YAML comments and appends to an existing list', async () => {
    const path = join(dir, 'p.yaml')
    await writeFile(
      path,
      '# my agent\nschemaVersion: 1\nid: p\npermissions:\n  mode: default # careful\n  allow:\n    - builtin:dice.roll\n',
    )
    await persistAllowRule(path, 'builtin:calculator.evaluate')
    const text = await readFile(path, 'utf8')
    expect(text).toContain('# my agent')
    expect(text).toContain('# careful')
    expect((await readProfileFile(path)).permissions.allow).toEqual([
      'builtin:dice.roll',
      'builtin:calculator.evaluate',
    ])
  })

  it('creates the permissions block in YAML when missing', async () => {
    const path = join(dir, 'q.yml')
    await writeFile(path, 'schemaVersion: 1\nid: q\n')
    await persistAllowRule(path, 'builtin:dice.roll')
    expect((await readProfileFile(path)).permissions.allow).toEqual(['builtin:dice.roll'])
  })

  it('refuses to write a rule that would make the profile invalid', async () => {
    const path = join(dir, 'r.json')
    await writeFile(path, JSON.stringify({ schemaVersion: 1, id: 'r' }))
    await expect(persistAllowRule(path, 'not a rule')).rejects.toThrow(/Invalid profile/)
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ schemaVersion: 1, id: 'r' })
  })
})
