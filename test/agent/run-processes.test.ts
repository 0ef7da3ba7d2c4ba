import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { callHistories } from '../../src/store/call-history.js'
import { openStore } from '../../src/store/store.js'
import { ScriptedModelServer, type WireFormat } from '../model-server/scripted-model-server.js'
import { modelFor } from './agent-fixture.js'
import { wireHistory } from '../model-server/wire-history.js'
import { tempDir } from '../temp-dir.js'
import { closedPort } from '../closed-port.js'

const root = join(import.meta.dirname, '..', '..')
const entry = join(import.meta.dirname, 'toolhost-from-source.ts')
const register = join(root, 'scripts', 'register-ts.ts')

const formats: WireFormat[] = ['openai-chat', 'anthropic']

interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Starts `toolhost …` from the sources in another process. */
function toolhost(
  cwd: string,
  args: readonly string[],
): { child: ChildProcess; done: Promise<Finished>; stdout: () => string } {
  const child = spawn(process.execPath, ['--import', register, entry, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, OPENAI_API_KEY: 'test-key', ANTHROPIC_API_KEY: 'test-key' },
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const done = new Promise<Finished>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  )
  return { child, done, stdout: () => stdout }
}

/** JSON lines of `--json` output. */
const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/** Waits until `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.each(formats)('runs across processes over %s', (format) => {
  it('resumes a run killed mid-turn: the interrupted call is replayed with tool.outcome_unknown', async () => {
    const cwd = tempDir('toolhost-kill-')
    mkdirSync(join(cwd, 'project'))
    const server = await ScriptedModelServer.start(format, [
      { calls: [{ id: 'call_sleep', name: 'workspace_shell', args: '{"command":"sleep 25"}' }] },
      { text: 'I will check before repeating it.' },
    ])
    try {
      const common = [
        '--model',
        modelFor[format],
        '--base-url',
        server.baseUrl,
        '--data-dir',
        join(cwd, 'data'),
        '--json',
      ]
      // bypass: the shell call is allowed without asking
      writeFileSync(
        join(cwd, 'profile.json'),
        JSON.stringify({ schemaVersion: 1, id: 'sleeper', permissions: { mode: 'bypass' } }),
      )
      const first = toolhost(cwd, ['run', 'Wait a bit.', '--profile', join(cwd, 'profile.json'), ...common])
      await until(() => lines(first.stdout()).some((event) => event.type === 'run-started'), 30_000, 'the run to start')
      const runId = String(lines(first.stdout()).find((event) => event.type === 'run-started')?.runId)
      await until(
        () => {
          if (!existsSync(join(cwd, 'data', 'toolhost.db'))) return false
          const store = openStore(join(cwd, 'data'))
          try {
            return store.events({ runId, callId: 'call_sleep', types: ['running'] }).length > 0
          } finally {
            store.close()
          }
        },
        30_000,
        'the shell call to start',
      )
      first.child.kill('SIGKILL')
      expect((await first.done).signal).toBe('SIGKILL')

      const second = toolhost(cwd, [
        'run',
        '--resume',
        runId,
        '--base-url',
        server.baseUrl,
        '--data-dir',
        join(cwd, 'data'),
        '--json',
      ])
      const finished = await second.done
      expect(finished.stderr).toBe('')
      expect(finished.code).toBe(0)
      expect(lines(finished.stdout).at(-1)).toMatchObject({
        type: 'result',
        status: 'completed',
        text: 'I will check before repeating it.',
      })
      expect(server.requests).toHaveLength(2)
      const history = wireHistory(server.requests[1]!, format)
      expect(history.find((m) => m.role === 'assistant')?.calls).toEqual([
        { id: 'call_sleep', name: 'workspace_shell', input: { command: 'sleep 25' } },
      ])
      const result = history.flatMap((m) => m.results ?? [])
      expect(result).toHaveLength(1)
      expect(result[0]?.id).toBe('call_sleep')
      expect(result[0]?.content).toMatch(/may (or may not )?have run|check/i)
      // The audit ends the interrupted call as outcome_unknown, a move of the call lifecycle.
      const store = openStore(join(cwd, 'data'))
      try {
        const [call] = callHistories(store.events({ runId, callId: 'call_sleep' }))
        expect(call?.steps.map((step) => step.phase)).toEqual([
          'requested',
          'admitted',
          'scheduled',
          'running',
          'outcome_unknown',
        ])
        expect(call?.anomalies).toEqual([])
        expect(store.unfinishedCalls(call?.invocationId ?? '')).toEqual([])
      } finally {
        store.close()
      }
    } finally {
      await server.close()
    }
  }, 90_000)

  it('pauses on a durable approval, is approved from another process, and resumes in a third', async () => {
    const cwd = tempDir('toolhost-approve-')
    mkdirSync(join(cwd, 'project'))
    const server = await ScriptedModelServer.start(format, [
      {
        calls: [
          {
            id: 'call_write',
            name: 'workspace_write_file',
            args: JSON.stringify({ file_path: 'hello.txt', content: 'hello\n' }),
          },
        ],
      },
      { text: 'Written.' },
    ])
    try {
      const dataDir = join(cwd, 'data')
      const first = await toolhost(cwd, [
        'run',
        'Write hello.txt.',
        '--model',
        modelFor[format],
        '--base-url',
        server.baseUrl,
        '--data-dir',
        dataDir,
        '--json',
      ]).done
      expect(first.code).toBe(3)
      const paused = lines(first.stdout).at(-1)!
      expect(paused).toMatchObject({ type: 'result', status: 'paused' })
      const [approvalId] = paused.approvalIds as string[]
      expect(existsSync(join(cwd, 'hello.txt'))).toBe(false)

      // The turn belongs to a run: the decision is stored, and the run continues the turn when resumed.
      const approve = await toolhost(cwd, ['approvals', 'approve', String(approvalId), '--data-dir', dataDir]).done
      expect(approve.code).toBe(0)
      expect(approve.stderr).toContain(`toolhost run --resume ${String(paused.runId)}`)
      expect(existsSync(join(cwd, 'hello.txt'))).toBe(false)

      const resumed = await toolhost(cwd, [
        'run',
        '--resume',
        String(paused.runId),
        '--base-url',
        server.baseUrl,
        '--data-dir',
        dataDir,
        '--json',
      ]).done
      expect(resumed.code).toBe(0)
      expect(readFileSync(join(cwd, 'hello.txt'), 'utf8')).toBe('hello\n')
      expect(lines(resumed.stdout).at(-1)).toMatchObject({ status: 'completed', text: 'Written.' })
      expect(server.requests).toHaveLength(2)
      const results = wireHistory(server.requests[1]!, format).flatMap((m) => m.results ?? [])
      expect(results.map((r) => r.id)).toEqual(['call_write'])
      expect(results[0]?.content).not.toMatch(/denied|unknown/i)
    } finally {
      await server.close()
    }
  }, 90_000)
})

describe('run errors', () => {
  it('says in one line when the key is missing or the endpoint is unreachable', async () => {
    const cwd = tempDir('toolhost-errors-')
    const noKey = spawn(
      process.execPath,
      ['--import', register, entry, 'run', 'hi', '--model', 'anthropic:claude-x', '--data-dir', join(cwd, 'data')],
      { cwd, env: { PATH: process.env.PATH ?? '' } },
    )
    children.push(noKey)
    let err = ''
    noKey.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    const code = await new Promise<number | null>((resolve) => noKey.on('close', resolve))
    expect(code).toBe(2)
    expect(err.trim().split('\n')).toHaveLength(1)
    expect(err).toContain('ANTHROPIC_API_KEY')

    const port = await closedPort()
    const unreachable = await toolhost(cwd, [
      'run',
      'hi',
      '--model',
      'ollama:llama3.1:8b',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--data-dir',
      join(cwd, 'data'),
    ]).done
    expect(unreachable.code).toBe(1)
    // The run ends failed with the reason in one line (a refused local server is not retried).
    const errorLines = unreachable.stderr
      .trim()
      .split('\n')
      .filter((line) => line.includes('cannot reach'))
    expect(errorLines).toHaveLength(1)
    expect(errorLines[0]).toContain(`cannot reach http://127.0.0.1:${port}`)
  }, 90_000)
})
