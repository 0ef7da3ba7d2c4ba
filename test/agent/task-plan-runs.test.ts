import { describe, expect, it } from 'vitest'
import { resumeAgentRun } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost } from '../../src/host/create-tool-host.js'
import { cliInProcess } from '../cli/cli-in-process.js'
import { wireHistory } from '../model-server/wire-history.js'
import { agentFixture } from './agent-fixture.js'

const plan = [
  { content: 'Write a.txt', status: 'in_progress' },
  { content: 'Say it is done', status: 'pending' },
]

describe("the agent's plan (task.write, task.read)", () => {
  it('is kept with the run: a run resumed by another host reads it, and runs show lists it', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'c1', name: 'task_write', args: JSON.stringify({ tasks: plan }) }] },
      { calls: [{ id: 'c2', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"a"}' }] },
      { calls: [{ id: 'c3', name: 'task_read', args: '{}' }] },
      { text: 'Done.' },
    ])
    const paused = await fx.run({ prompt: 'Write a.txt with a plan.', profile: { permissions: { mode: 'default' } } })
    expect(paused.status).toBe('paused')
    await fx.host.approvals.approve(paused.approvalIds[0]!)
    await fx.host.close()

    const host = await createToolHost({ dataDir: fx.dataDir, workspaceDir: fx.projectDir, watchProcessTools: false })
    try {
      const model = resolveModel('openai-chat:gpt-4o', { baseUrl: fx.server.baseUrl, apiKey: 'test' })
      const resumed = await resumeAgentRun({ host, runId: paused.runId, model, sleep: async () => {} })
      expect(resumed).toMatchObject({ status: 'completed', text: 'Done.' })
    } finally {
      await host.close()
    }
    const results = wireHistory(fx.server.requests[3]!, 'openai-chat').flatMap((message) => message.results ?? [])
    expect(results.find((entry) => entry.id === 'c1')?.content).toContain('Plan saved (0 of 2 done)')
    expect(results.find((entry) => entry.id === 'c3')?.content).toBe(
      'Your plan (0 of 2 done):\n1. [>] Write a.txt (in progress)\n2. [ ] Say it is done',
    )

    const show = await cliInProcess(['runs', 'show', paused.runId, '--data-dir', fx.dataDir])
    expect(show.code).toBe(0)
    expect(show.out).toMatch(/tasks {2}\S+ 0 of 2 done/)
    expect(show.out).toContain('  plan (0 of 2 done):\n    1. [>] Write a.txt (in progress)\n    2. [ ] Say it is done')
  })

  it('is offered only to runs: a plain invocation has no task tools', async () => {
    const fx = await agentFixture('openai-chat', [])
    const inv = await fx.host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    expect(inv.snapshot.bindings.map((binding) => binding.alias)).not.toContain('task_write')
  })
})
