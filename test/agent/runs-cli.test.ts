import { spawnSync } from 'node:child_process'
import { hostname } from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { resumeAgentRun } from '../../src/agent/loop/run-agent.js'
import { RunBusyError } from '../../src/agent/loop/run-lease.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { ScriptedModelServer } from '../model-server/scripted-model-server.js'
import { agentFixture } from './agent-fixture.js'
import { cliInProcess } from '../cli/cli-in-process.js'

const cli = cliInProcess

describe('toolhost runs', () => {
  it('lists runs and shows one with its events and transcript', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'call_1', name: 'dice_roll', args: '{"formula":"1d1"}' }] },
      { text: 'Rolled a 1.' },
    ])
    const result = await fx.run({ prompt: 'Roll a d1.', profile: { permissions: { mode: 'bypass' } } })
    await fx.host.close()

    const list = await cli(['runs', 'list', '--data-dir', fx.dataDir])
    expect(list.code).toBe(0)
    expect(list.out).toContain(result.runId)
    expect(list.out).toContain('completed')

    const show = await cli(['runs', 'show', result.runId, '--data-dir', fx.dataDir])
    expect(show.code).toBe(0)
    expect(show.out).toContain('run_started')
    expect(show.out).toContain('finished')
    expect(show.out).toContain('→ dice_roll {"formula":"1d1"}')
    expect(show.out).toContain('Rolled a 1.')
    // The audit: the call's every move through its lifecycle.
    expect(show.out).toMatch(/call call_1 dice_roll: requested → admitted → scheduled → running → succeeded {2}\d+ ms/)

    const json = await cli(['runs', 'show', result.runId, '--json', '--data-dir', fx.dataDir])
    const parsed = JSON.parse(json.out) as {
      run: { status: string }
      calls: { callId: string; phase: string; decisions: { behavior: string }[] }[]
      invocations: { transcript: unknown[] }[]
    }
    expect(parsed.run.status).toBe('completed')
    expect(parsed.calls).toMatchObject([{ callId: 'call_1', phase: 'succeeded', decisions: [{ behavior: 'allow' }] }])
    expect(parsed.invocations[0]?.transcript).toHaveLength(4)

    const missing = await cli(['runs', 'show', 'run_nope', '--data-dir', fx.dataDir])
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('no run run_nope')
  })

  it('streams the text to stdout and the calls and results to stderr', async () => {
    const fx = await agentFixture('openai-chat', [])
    await fx.host.close()
    const server = await ScriptedModelServer.start('openai-chat', [
      { text: 'Rolling.', calls: [{ id: 'call_1', name: 'dice_roll', args: '{"formula":"2d1"}' }] },
      { text: 'You rolled 2.' },
    ])
    vi.stubEnv('OPENAI_API_KEY', 'test-key')
    try {
      const run = await cli([
        'run',
        'Roll',
        '2d1.',
        '--model',
        'openai-chat:gpt-4o',
        '--base-url',
        server.baseUrl,
        '--data-dir',
        fx.dataDir,
      ])
      expect(run.code).toBe(0)
      expect(run.out).toBe('Rolling.\nYou rolled 2.\n')
      expect(run.err).toContain('→ dice_roll {"formula":"2d1"}')
      expect(run.err).toMatch(/✓ .*2/)
      expect(run.err).toMatch(/run run_\S+ completed \(answered\)/)
      expect((server.requests[0]?.body.messages as unknown[])[1]).toMatchObject({ role: 'user', content: 'Roll 2d1.' })
    } finally {
      vi.unstubAllEnvs()
      await server.close()
    }
  })

  it('refuses to resume a run another live process drives, and takes over one whose process is gone', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"a"}' }] },
      { text: 'Done.' },
    ])
    const paused = await fx.run({ prompt: 'Write a.txt.' })
    expect(paused.status).toBe('paused')
    const store = fx.host.store()
    // Another process on this host (our parent, which is alive) holds the run.
    store.runLeases.acquire(paused.runId, { host: hostname(), pid: process.ppid }, 60_000, () => false)
    const model = resolveModel('openai-chat:gpt-4o', { baseUrl: fx.server.baseUrl, apiKey: 'test' })
    await expect(resumeAgentRun({ host: fx.host, runId: paused.runId, model })).rejects.toThrow(RunBusyError)
    await expect(resumeAgentRun({ host: fx.host, runId: paused.runId, model })).rejects.toThrow(
      `being driven by process ${process.ppid}`,
    )
    expect(store.getRun(paused.runId)?.status).toBe('paused')

    // A holder whose process has ended is taken over.
    store.runLeases.release(paused.runId, { host: hostname(), pid: process.ppid })
    store.runLeases.acquire(paused.runId, { host: hostname(), pid: deadPid() }, 60_000, () => false)
    await fx.host.approvals.approve(paused.approvalIds[0]!)
    const resumed = await resumeAgentRun({ host: fx.host, runId: paused.runId, model, sleep: async () => {} })
    expect(resumed).toMatchObject({ status: 'completed', text: 'Done.' })
    expect(store.runLeases.get(paused.runId)).toBeUndefined()
  })

  it('refuses run without a prompt or a model, with usage errors', async () => {
    const fx = await agentFixture('openai-chat', [])
    await fx.host.close()
    expect((await cli(['run', '--model', 'ollama:x', '--data-dir', fx.dataDir])).err).toContain('run needs a prompt')
    expect((await cli(['run', 'hello', '--data-dir', fx.dataDir])).err).toContain('run needs --model')
    const unknown = await cli(['run', 'hello', '--model', 'nosuch:model', '--data-dir', fx.dataDir])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain('openai')
  })
})

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}
