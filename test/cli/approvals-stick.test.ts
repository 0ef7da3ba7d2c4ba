import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ScriptedModelServer } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

/** The approval ids a paused command printed. */
const approvalIds = (stderr: string): string[] => [...new Set(stderr.match(/\bapr_[0-9a-f]+\b/g) ?? [])]

const examples = join(import.meta.dirname, '..', '..', 'examples', 'process-tools')
const writeHello = JSON.stringify({ file_path: 'hello.txt', content: 'hello\n' })

describe('approvals that stick, across processes', () => {
  it('"always" for a run with --profile FILE writes the rule into that file', async () => {
    const cwd = tempDir('toolhost-always-run-')
    const dataDir = join(cwd, 'data')
    const profile = join(cwd, 'coder.yaml')
    writeFileSync(profile, '# my profile\nschemaVersion: 2\nid: coder\n')
    const server = await ScriptedModelServer.start('openai-chat', [
      { calls: [{ id: 'call_w', name: 'workspace_write_file', args: writeHello }] },
      { text: 'Written.' },
    ])
    try {
      const first = await toolhost(
        cwd,
        [
          'run',
          'Write hello.txt.',
          '--model',
          'openai-chat:gpt-4o',
          '--base-url',
          server.baseUrl,
          '--profile',
          profile,
          '--data-dir',
          dataDir,
        ],
        { env: { OPENAI_API_KEY: 'test-key' } },
      )
      expect(first.code).toBe(3)
      const [id] = approvalIds(first.stderr)
      const approved = await toolhost(cwd, ['approvals', 'approve', String(id), '--always', '--data-dir', dataDir])
      expect(approved.code).toBe(0)
      expect(approved.stderr).toContain(`rule builtin:workspace.write_file(/hello.txt) added to ${profile}`)
      expect(readFileSync(profile, 'utf8')).toBe(
        '# my profile\nschemaVersion: 2\nid: coder\npermissions:\n  allow:\n    - builtin:workspace.write_file(/hello.txt)\n',
      )
      const resumed = await toolhost(
        cwd,
        [
          'run',
          '--resume',
          String(first.stderr.match(/run_[0-9a-f]+/)?.[0]),
          '--base-url',
          server.baseUrl,
          '--data-dir',
          dataDir,
        ],
        { env: { OPENAI_API_KEY: 'test-key' } },
      )
      expect(resumed.code).toBe(0)
      expect(readFileSync(join(cwd, 'hello.txt'), 'utf8')).toBe('hello\n')
    } finally {
      await server.close()
    }
  }, 90_000)

  it('"always" without a profile file goes to the stored default profile, which the next call reads', async () => {
    const cwd = tempDir('toolhost-always-default-')
    const dataDir = join(cwd, 'data')
    const first = await toolhost(cwd, ['tools', 'call', 'workspace.write_file', writeHello, '--data-dir', dataDir])
    expect(first.code).toBe(3)
    const [id] = approvalIds(first.stderr)
    const approved = await toolhost(cwd, ['approvals', 'approve', String(id), '--always', '--data-dir', dataDir])
    expect(approved.code).toBe(0)
    const stored = join(dataDir, 'profiles', 'default.json')
    expect(approved.stderr).toContain(`rule builtin:workspace.write_file(/hello.txt) added to ${stored}`)
    expect(JSON.parse(readFileSync(stored, 'utf8'))).toMatchObject({
      id: 'default',
      permissions: { allow: ['builtin:workspace.write_file(/hello.txt)'] },
    })
    expect(readFileSync(join(cwd, 'hello.txt'), 'utf8')).toBe('hello\n')

    rmSync(join(cwd, 'hello.txt'))
    const again = await toolhost(cwd, ['tools', 'call', 'workspace.write_file', writeHello, '--data-dir', dataDir])
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
    expect(existsSync(join(cwd, 'hello.txt'))).toBe(true)
  }, 90_000)

  it('a process tool call approved from another process, directory and without --process-dir runs', async () => {
    const cwd = tempDir('toolhost-approve-process-')
    const specs = join(cwd, 'specs')
    cpSync(examples, specs, { recursive: true })
    const dataDir = join(cwd, 'data')
    const profile = join(cwd, 'notes.json')
    writeFileSync(profile, JSON.stringify({ schemaVersion: 2, id: 'notes', tools: { allow: ['process/*'] } }))
    expect((await toolhost(cwd, ['tools', 'trust', specs, '--data-dir', dataDir])).code).toBe(0)
    const first = await toolhost(cwd, [
      'tools',
      'call',
      'add',
      JSON.stringify({ text: 'Buy oat milk' }),
      '--process-dir',
      specs,
      '--profile',
      profile,
      '--data-dir',
      dataDir,
    ])
    expect(first.code).toBe(3)
    const [id] = approvalIds(first.stderr)
    const elsewhere = join(cwd, 'elsewhere')
    mkdirSync(elsewhere)
    const approved = await toolhost(elsewhere, ['approvals', 'approve', String(id), '--data-dir', dataDir])
    expect(approved.stdout).not.toContain('unavailable')
    expect(approved.code).toBe(0)
    const found = await toolhost(cwd, [
      'tools',
      'call',
      'find',
      JSON.stringify({ query: 'milk' }),
      '--process-dir',
      specs,
      '--profile',
      profile,
      '--data-dir',
      dataDir,
    ])
    expect(found.code).toBe(0)
    expect(found.stdout).toContain('Buy oat milk')
  }, 90_000)
})
