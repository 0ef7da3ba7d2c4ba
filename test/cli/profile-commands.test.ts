import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

function project(files: Readonly<Record<string, string>> = {}): {
  cwd: string
  profiles: string
  args: (...more: string[]) => string[]
} {
  const cwd = tempDir('toolhost-profile-')
  const data = join(cwd, 'data')
  const profiles = join(data, 'profiles')
  mkdirSync(profiles, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(profiles, name), text)
  return { cwd, profiles, args: (...more) => [...more, '--data-dir', data] }
}

const reader = '# Reads only\nschemaVersion: 2\nid: reader\nname: Reader\ntools:\n  allow: [builtin:workspace.read]\n'
const broken = 'schemaVersion: 2\nid: broken\ntools:\n  allow: [builtin:*]\n  bogus: 1\n'

describe('toolhost profile', () => {
  it('lists stored profiles with their name, file and status, and the built-in default', async () => {
    const p = project({ 'reader.yaml': reader, 'broken.yaml': broken })
    const run = await toolhost(p.cwd, p.args('profile', 'list', '--json'))
    expect(JSON.parse(run.stdout)).toEqual([
      { id: 'default', valid: true },
      {
        id: 'broken',
        file: join(p.profiles, 'broken.yaml'),
        valid: false,
        problem: expect.stringMatching(/^5:3: tools: unknown key "bogus"; valid keys: allow, deny/),
      },
      { id: 'reader', name: 'Reader', file: join(p.profiles, 'reader.yaml'), valid: true },
    ])
    const table = await toolhost(p.cwd, p.args('profile', 'list'))
    expect(table.stdout).toMatch(/^reader\s+Reader\s+\S+reader\.yaml\s+valid$/m)
    expect(table.stdout).toMatch(/^broken\s+\S+broken\.yaml\s+invalid: 5:3: tools: unknown key "bogus"/m)
  })

  it('shows the effective profile with defaults filled in, as YAML or JSON, or the file as written', async () => {
    const p = project({ 'reader.yaml': reader })
    const yaml = await toolhost(p.cwd, p.args('profile', 'show', 'reader'))
    expect(yaml.code).toBe(0)
    const shown = parse(yaml.stdout) as {
      tools: { allow: string[]; maxConcurrency: number }
      permissions: { mode: string }
    }
    expect(shown.tools.allow).toEqual(['builtin:workspace.read'])
    expect(shown.tools.maxConcurrency).toBe(10)
    expect(shown.permissions.mode).toBe('default')
    const json = await toolhost(p.cwd, p.args('profile', 'show', 'reader', '--json'))
    expect(JSON.parse(json.stdout)).toEqual(shown)
    expect((await toolhost(p.cwd, p.args('profile', 'show', 'reader', '--raw'))).stdout).toBe(reader)
    const builtIn = await toolhost(p.cwd, p.args('profile', 'show', '--json'))
    expect(JSON.parse(builtIn.stdout)).toMatchObject({ id: 'default', tools: { allow: ['builtin:*'] } })
  })

  it('validates a profile: each problem at its line and column, exit 1; a valid one exit 0', async () => {
    const p = project({ 'broken.yaml': broken })
    const file = join(p.cwd, 'mine.json')
    writeFileSync(file, '{\n  "schemaVersion": 2,\n  "id": "mine",\n  "permissions": { "mode": "yolo" }\n}\n')
    const invalid = await toolhost(p.cwd, p.args('profile', 'validate', 'mine.json'))
    expect(invalid.code).toBe(1)
    expect(invalid.stdout).toMatch(new RegExp(`^${file}:4:28: permissions\\.mode: Invalid option`))
    const stored = await toolhost(p.cwd, p.args('profile', 'validate', 'broken', '--json'))
    expect(stored.code).toBe(1)
    expect(JSON.parse(stored.stdout)).toMatchObject({
      valid: false,
      errors: [{ line: 5, column: 3, path: 'tools.bogus' }],
    })
    writeFileSync(file, '{"schemaVersion": 2, "id": "mine"}')
    const valid = await toolhost(p.cwd, p.args('profile', 'validate', file))
    expect(valid.stdout).toBe(`${file}: valid (profile mine)\n`)
    expect(valid.code).toBe(0)
    const show = await toolhost(p.cwd, p.args('profile', 'show', 'broken'))
    expect(show.code).toBe(1)
    expect(show.stderr).toContain('broken.yaml:5:3: tools: unknown key "bogus"')
  })

  it('names a missing profile, and refuses to edit without a terminal', async () => {
    const p = project()
    const missing = await toolhost(p.cwd, p.args('profile', 'show', 'ghost'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`no profile "ghost" in ${p.profiles}; create it with: toolhost profile edit ghost`)
    const edit = await toolhost(p.cwd, p.args('profile', 'edit', 'ghost'), { env: { EDITOR: 'true' } })
    expect(edit.code).toBe(2)
    expect(edit.stderr).toContain('profile edit needs a terminal')
    expect((await toolhost(p.cwd, p.args('profile', 'list', '--json'))).stdout).not.toContain('ghost')
  })
})
