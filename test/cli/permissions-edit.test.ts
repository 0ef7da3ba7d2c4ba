import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

/** A project directory and its data directory, with the arguments that select the data directory. */
function project(): { cwd: string; data: string; profiles: string; args: (...more: string[]) => string[] } {
  const cwd = tempDir('toolhost-permissions-edit-')
  const data = join(cwd, 'data')
  return { cwd, data, profiles: join(data, 'profiles'), args: (...more) => [...more, '--data-dir', data] }
}

const shellRule = 'builtin:system.shell(git status)'
const gitStatus = JSON.stringify({ command: 'git status' })

describe('toolhost permissions add and remove', () => {
  it('creates the default profile for a first rule, which then decides the call, and removes it again', async () => {
    const p = project()
    const before = await toolhost(p.cwd, p.args('permissions', 'explain', 'system_shell', gitStatus))
    expect(before.stdout).toMatch(/^ASK: /)

    const added = await toolhost(p.cwd, p.args('permissions', 'add', shellRule, '--allow'))
    expect(added.stdout).toBe(
      `created ${join(p.profiles, 'default.yaml')} (the default profile, used when no --profile is given)\n` +
        `added "${shellRule}" to permissions.allow of ${join(p.profiles, 'default.yaml')}\n`,
    )
    expect(added.code).toBe(0)
    const allowed = await toolhost(p.cwd, p.args('permissions', 'explain', 'system_shell', gitStatus))
    expect(allowed.stdout).toMatch(/^ALLOW: /)
    expect(allowed.stdout).toContain(`rule: ${shellRule}`)

    const again = await toolhost(p.cwd, p.args('permissions', 'add', shellRule, '--allow'))
    expect(again.stdout).toContain('is already in permissions.allow')

    const denied = await toolhost(p.cwd, p.args('permissions', 'add', shellRule, '--deny'))
    expect(denied.stdout).toContain(`moved "${shellRule}" from permissions.allow to permissions.deny`)
    expect((await toolhost(p.cwd, p.args('permissions', 'explain', 'system_shell', gitStatus))).stdout).toMatch(
      /^DENY: /,
    )

    const removed = await toolhost(p.cwd, p.args('permissions', 'remove', shellRule))
    expect(removed.stdout).toContain(`removed "${shellRule}" from permissions.deny`)
    const gone = await toolhost(p.cwd, p.args('permissions', 'remove', shellRule, '--deny'))
    expect(gone.stdout).toContain(`"${shellRule}" is not in permissions.deny`)
    expect(gone.code).toBe(0)
    expect((await toolhost(p.cwd, p.args('permissions', 'explain', 'system_shell', gitStatus))).stdout).toMatch(
      /^ASK: /,
    )
  })

  it("keeps a YAML profile's comments and layout, and edits the profile --profile names", async () => {
    const p = project()
    mkdirSync(p.profiles, { recursive: true })
    const text = [
      '# Profile for reviewing code',
      'schemaVersion: 2',
      'id: reviewer # do not rename',
      'permissions:',
      '  mode: default',
      '  # safe read-only git',
      '  allow:',
      '    - builtin:system.shell(git log *) # history',
      '',
    ].join('\n')
    writeFileSync(join(p.profiles, 'reviewer.yaml'), text)
    const run = await toolhost(p.cwd, p.args('permissions', 'add', shellRule, '--allow', '--profile', 'reviewer'))
    expect(run.code).toBe(0)
    expect(readFileSync(join(p.profiles, 'reviewer.yaml'), 'utf8')).toBe(
      text.replace('# history\n', `# history\n    - ${shellRule}\n`),
    )
    const explained = await toolhost(
      p.cwd,
      p.args('permissions', 'explain', 'system_shell', gitStatus, '--profile', 'reviewer'),
    )
    expect(explained.stdout).toMatch(/^ALLOW: /)
  })

  it('writes a JSON profile file again with its indentation', async () => {
    const p = project()
    const file = join(p.cwd, 'coder.json')
    writeFileSync(file, '{\n    "schemaVersion": 2,\n    "id": "coder"\n}\n')
    const run = await toolhost(
      p.cwd,
      p.args('permissions', 'add', 'builtin:workspace.write', '--ask', '--profile', 'coder.json'),
    )
    expect(run.stdout).toBe(`added "builtin:workspace.write" to permissions.ask of ${file}\n`)
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n    "schemaVersion": 2,\n    "id": "coder",\n    "permissions": {\n        "ask": [\n            "builtin:workspace.write"\n        ]\n    }\n}\n',
    )
  })

  it('refuses a malformed rule with the parser’s message (exit 2) and writes nothing', async () => {
    const p = project()
    const run = await toolhost(p.cwd, p.args('permissions', 'add', 'builtin:system.shell()', '--allow'))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('rule "builtin:system.shell()" has empty parentheses; drop them to match every call')
    const noList = await toolhost(p.cwd, p.args('permissions', 'add', shellRule))
    expect(noList.code).toBe(2)
    expect(noList.stderr).toContain('needs exactly one of --allow, --ask or --deny')
    expect((await toolhost(p.cwd, p.args('profile', 'list', '--json'))).stdout).toContain('"id": "default"')
    expect(() => readFileSync(join(p.profiles, 'default.yaml'))).toThrow()
  })

  it('leaves a profile with problems unchanged and says where they are', async () => {
    const p = project()
    mkdirSync(p.profiles, { recursive: true })
    const broken = 'schemaVersion: 2\nid: default\ntools:\n  allow: [nope]\n'
    writeFileSync(join(p.profiles, 'default.yaml'), broken)
    const run = await toolhost(p.cwd, p.args('permissions', 'add', shellRule, '--allow'))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`${join(p.profiles, 'default.yaml')}:4:11: tools.allow[0]: "nope" has no ":"`)
    expect(readFileSync(join(p.profiles, 'default.yaml'), 'utf8')).toBe(broken)
  })

  it('names a profile that does not exist and how to create it', async () => {
    const p = project()
    const run = await toolhost(p.cwd, p.args('permissions', 'add', shellRule, '--allow', '--profile', 'ghost'))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`no profile "ghost" in ${p.profiles}; create it with: toolhost profile edit ghost`)
  })
})
