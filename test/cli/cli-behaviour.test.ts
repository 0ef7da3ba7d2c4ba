import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore, type RunRecord } from '../../src/store/store.js'
import { ScriptedModelServer } from '../model-server/scripted-model-server.js'
import { wireHistory } from '../model-server/wire-history.js'
import { tempDir } from '../temp-dir.js'
import { startToolhost, toolhost } from './cli-process.js'

const key = { OPENAI_API_KEY: 'test-key' }

/** A working directory with a data directory and a profile that allows every call. */
function project(prefix: string): { cwd: string; data: string; bypass: string } {
  const cwd = tempDir(prefix)
  const data = join(cwd, 'data')
  mkdirSync(data)
  writeFileSync(
    join(cwd, 'bypass.json'),
    JSON.stringify({ schemaVersion: 1, id: 'bypass', permissions: { mode: 'bypass' } }),
  )
  return { cwd, data, bypass: join(cwd, 'bypass.json') }
}

/** The runs in a data directory, newest first. */
function runsIn(data: string): RunRecord[] {
  const store = openStore(data)
  try {
    return store.listRuns()
  } finally {
    store.close()
  }
}

describe('toolhost commands', () => {
  it('mcp serve with a profile it cannot load exits at once with the error', async () => {
    const { cwd, data } = project('toolhost-serve-')
    const finished = await toolhost(cwd, ['mcp', 'serve', '--stdio', '--profile', 'missing.json', '--data-dir', data])
    expect(finished.code).toBe(2)
    expect(finished.stderr).toContain('missing.json')
    expect(finished.stdout).toBe('')
  }, 60_000)

  it('tools call ends its run: completed, failed, or paused until approved', async () => {
    const { cwd, data } = project('toolhost-call-runs-')
    writeFileSync(
      join(cwd, 'ask.json'),
      JSON.stringify({ schemaVersion: 1, id: 'ask', permissions: { ask: ['builtin:dice.roll'] } }),
    )
    expect((await toolhost(cwd, ['tools', 'call', 'dice.roll', '{"formula":"1d1"}', '--data-dir', data])).code).toBe(0)
    expect((await toolhost(cwd, ['tools', 'call', 'dice.roll', '{"formula":', '--data-dir', data])).code).toBe(1)
    const paused = await toolhost(cwd, [
      'tools',
      'call',
      'dice.roll',
      '{"formula":"2d1"}',
      '--profile',
      'ask.json',
      '--data-dir',
      data,
    ])
    expect(paused.code).toBe(3)
    expect(runsIn(data).map((run) => run.status)).toEqual(['paused', 'failed', 'completed'])
    const waiting = JSON.parse(
      (await toolhost(cwd, ['runs', 'list', '--status', 'paused', '--json', '--data-dir', data])).stdout,
    ) as RunRecord[]
    expect(waiting.map((run) => run.id)).toEqual([runsIn(data)[0]?.id])
    const id = /waiting for approval (apr_[0-9a-f]+)/.exec(paused.stderr)?.[1] ?? ''
    expect((await toolhost(cwd, ['approvals', 'approve', id, '--data-dir', data])).code).toBe(0)
    expect(runsIn(data)[0]).toMatchObject({ id: waiting[0]?.id, status: 'completed' })
  }, 120_000)

  it('takes the global options on every command and prints each command its own help', async () => {
    const { cwd, data } = project('toolhost-globals-')
    mkdirSync(join(cwd, 'more-tools'))
    mkdirSync(join(cwd, 'my-skills'))
    const globals = [
      '--data-dir',
      data,
      '--process-dir',
      join(cwd, 'more-tools'),
      '--skills-dir',
      join(cwd, 'my-skills'),
    ]
    expect((await toolhost(cwd, ['tools', 'list', ...globals])).code).toBe(0)
    expect((await toolhost(cwd, ['tools', 'call', 'dice.roll', '{"formula":"1d1"}', ...globals])).code).toBe(0)

    const tools = await toolhost(cwd, ['tools', '--help'])
    expect(tools.code).toBe(0)
    expect(tools.stdout).toContain('toolhost tools list')
    expect(tools.stdout).toContain('toolhost tools call')
    expect(tools.stdout).not.toContain('toolhost mcp add')
    const run = await toolhost(cwd, ['run', '--help'])
    expect(run.stdout).toContain('--api-key KEY')
    expect(run.stdout).toContain('--skills-dir DIR')
    expect(run.stdout).not.toContain('toolhost tools call')
  }, 120_000)

  it('run: the prompt from stdin, --api-key, and error codes apart from their messages', async () => {
    const { cwd, data } = project('toolhost-run-stdin-')
    const server = await ScriptedModelServer.start('openai-chat', [
      { calls: [{ id: 'call_1', name: 'dice_roll', args: '{"formula":' }] },
      { text: 'Sorry.' },
    ])
    try {
      const finished = await toolhost(
        cwd,
        [
          'run',
          '-',
          '--model',
          'openai-chat:gpt-4o',
          '--base-url',
          server.baseUrl,
          '--api-key',
          'key-from-option',
          '--data-dir',
          data,
        ],
        { stdin: 'Roll a die.\n', env: { OPENAI_API_KEY: '' } },
      )
      expect(finished.code).toBe(0)
      expect(finished.stdout).toBe('Sorry.\n')
      expect(finished.stderr).toMatch(/✗ tool\.invalid_arguments: \S/)
      expect(wireHistory(server.requests[0]!, 'openai-chat').find((m) => m.role === 'user')?.text).toBe('Roll a die.')
      expect(server.requests[0]?.headers.authorization).toBe('Bearer key-from-option')
    } finally {
      await server.close()
    }
  }, 60_000)

  it('run in chat scope prints the published reply to stdout', async () => {
    const { cwd, data, bypass } = project('toolhost-chat-')
    const server = await ScriptedModelServer.start('openai-chat', [
      {
        text: 'Let me write it.',
        calls: [
          {
            id: 'call_w',
            name: 'workspace_write_file',
            args: JSON.stringify({ file_path: 'output/main.md', content: 'The weather is fine.' }),
          },
        ],
      },
      { calls: [{ id: 'call_c', name: 'workspace_commit', args: '{"finish":true}' }] },
    ])
    try {
      const finished = await toolhost(
        cwd,
        [
          'run',
          'How is the weather?',
          '--scope',
          'chat',
          '--profile',
          bypass,
          '--model',
          'openai-chat:gpt-4o',
          '--base-url',
          server.baseUrl,
          '--data-dir',
          data,
        ],
        { env: key },
      )
      expect(finished.code).toBe(0)
      expect(finished.stdout).toBe('The weather is fine.\n')
      expect(finished.stderr).toContain('Let me write it.')
      expect(finished.stderr).toContain('reply published')
    } finally {
      await server.close()
    }
  }, 60_000)

  it('resumes a cancelled run at the base URL it started with', async () => {
    const { cwd, data } = project('toolhost-cancel-')
    // openai-compatible has no default endpoint: the resume can only reach the model at the stored one.
    const server = await ScriptedModelServer.start('openai-chat', [{ hang: true }, { text: 'Here again.' }])
    try {
      const first = startToolhost(cwd, [
        'run',
        'Hello.',
        '--model',
        'openai-compatible:local-model',
        '--base-url',
        server.baseUrl,
        '--json',
        '--data-dir',
        data,
      ])
      await until(() => server.requests.length === 1)
      first.child.kill('SIGINT')
      const stopped = await first.done
      expect(stopped.stderr).toBe('')
      const started = stopped.stdout.split('\n').find((line) => line.includes('"run-started"')) ?? '{}'
      const runId = String((JSON.parse(started) as { runId?: string }).runId)
      expect(runsIn(data)[0]).toMatchObject({ id: runId, status: 'cancelled' })

      const resumed = await toolhost(cwd, ['run', '--resume', runId, '--data-dir', data])
      expect(resumed.stderr).toContain('resumed')
      expect(resumed.code).toBe(0)
      expect(resumed.stdout).toBe('Here again.\n')
      expect(runsIn(data)[0]).toMatchObject({ id: runId, status: 'completed' })
    } finally {
      await server.close()
    }
  }, 90_000)
})

/** Waits until `check` holds, polling; the test's own timeout ends a wait that never does. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 50))
}
