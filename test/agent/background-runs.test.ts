import { expect, it } from 'vitest'
import { resumeAgentRun } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { describeWithSandbox } from '../../src/tools/system/shell/__fixtures__/system-setup.js'
import { processesWith } from '../../src/tools/system/shell/__fixtures__/host-processes.js'
import { wireHistory } from '../model-server/wire-history.js'
import { agentFixture } from './agent-fixture.js'

const bypass = { permissions: { mode: 'bypass' } } as const

describeWithSandbox('background commands in an agent run', () => {
  it('serves in the background, is reached by a later call, and is stopped when the run ends', async () => {
    const server = 'python3 -u -m http.server 8931 --bind 127.0.0.1'
    const poll =
      'for i in $(seq 300); do curl -sf -o /dev/null http://127.0.0.1:8931/ && echo up && break; sleep 0.1; done'
    const fx = await agentFixture('openai-chat', [
      {
        calls: [{ id: 'c1', name: 'system_shell', args: JSON.stringify({ command: server, run_in_background: true }) }],
      },
      { calls: [{ id: 'c2', name: 'system_shell', args: JSON.stringify({ command: poll }) }] },
      { calls: [{ id: 'c3', name: 'shell_output', args: JSON.stringify({ task_id: 'bg_1', wait_ms: 5000 }) }] },
      { text: 'The server answers.' },
    ])
    const result = await fx.run({ prompt: 'Start the server and check it.', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', text: 'The server answers.' })
    const history = wireHistory(fx.server.requests[3]!, 'openai-chat')
    const results = history.flatMap((message) => message.results ?? [])
    expect(results.map((entry) => entry.id)).toEqual(['c1', 'c2', 'c3'])
    expect(results[0]?.content).toContain('Started in the background as bg_1')
    expect(results[1]?.content).toBe('Exit code: 0\nup\n')
    expect(results[2]?.content).toContain('is running')
    expect(processesWith('http.server 8931')).toEqual([])
  })

  it('keeps its background commands running through a pause and resume of the run', async () => {
    const watcher = 'for i in $(seq 3000); do echo tick $i; sleep 0.1; done'
    const fx = await agentFixture('openai-chat', [
      {
        calls: [
          { id: 'c1', name: 'system_shell', args: JSON.stringify({ command: watcher, run_in_background: true }) },
        ],
      },
      { calls: [{ id: 'c2', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"a"}' }] },
      { calls: [{ id: 'c3', name: 'shell_output', args: JSON.stringify({ task_id: 'bg_1', wait_ms: 5000 }) }] },
      { text: 'Still ticking.' },
    ])
    const profile = {
      permissions: {
        mode: 'default',
        allow: [
          'builtin:system.shell(seq *)',
          'builtin:system.shell(echo *)',
          'builtin:system.shell(sleep *)',
          'builtin:shell.*',
        ],
      },
    } as const
    const paused = await fx.run({ prompt: 'Watch, then write.', profile })
    expect(paused.status).toBe('paused')
    expect(processesWith('seq 3000')).not.toEqual([])
    await fx.host.approvals.approve(paused.approvalIds[0]!)
    const model = resolveModel('openai-chat:gpt-4o', { baseUrl: fx.server.baseUrl, apiKey: 'test' })
    const resumed = await resumeAgentRun({ host: fx.host, runId: paused.runId, model, sleep: async () => {} })
    expect(resumed).toMatchObject({ status: 'completed', text: 'Still ticking.' })
    const results = wireHistory(fx.server.requests[3]!, 'openai-chat').flatMap((message) => message.results ?? [])
    expect(results.find((entry) => entry.id === 'c3')?.content).toMatch(/is running[\s\S]*tick 1\n/)
    expect(processesWith('seq 3000')).toEqual([])
  })
})
