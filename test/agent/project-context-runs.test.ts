import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resumeAgentRun } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { offeredTools, wireHistory } from '../model-server/wire-history.js'
import { agentFixture } from './agent-fixture.js'

const systemOf = (fx: Awaited<ReturnType<typeof agentFixture>>, index: number) =>
  wireHistory(fx.server.requests[index]!, 'openai-chat')[0]?.text ?? ''

describe("the project's context in the system prompt", () => {
  it('holds the date, the platform and AGENTS.md, and a resumed run keeps the prompt it started with', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"a"}' }] },
      { text: 'Done.' },
    ])
    writeFileSync(join(fx.projectDir, 'AGENTS.md'), 'Always answer in French.\n')
    const paused = await fx.run({ prompt: 'Write a.txt.' })
    expect(paused.status).toBe('paused')
    const first = systemOf(fx, 0)
    expect(first).toContain('Always answer in French.')
    expect(first).toContain(`${process.platform} ${process.arch}`)
    expect(first).toMatch(/Today's date: \d{4}-\d{2}-\d{2}\./)

    // The file changes while the run waits: the run goes on with the prompt it was given.
    writeFileSync(join(fx.projectDir, 'AGENTS.md'), 'Always answer in German.\n')
    await fx.host.approvals.approve(paused.approvalIds[0]!)
    const model = resolveModel('openai-chat:gpt-4o', { baseUrl: fx.server.baseUrl, apiKey: 'test' })
    const resumed = await resumeAgentRun({ host: fx.host, runId: paused.runId, model, sleep: async () => {} })
    expect(resumed).toMatchObject({ status: 'completed', text: 'Done.' })
    expect(systemOf(fx, 1)).toBe(first)
  })

  it('leaves the files out when the profile says so, and keeps the environment', async () => {
    const fx = await agentFixture('openai-chat', [{ text: 'Hello.' }])
    writeFileSync(join(fx.projectDir, 'AGENTS.md'), 'Always answer in French.\n')
    await fx.run({ prompt: 'Hi.', profile: { agent: { projectInstructions: false } } })
    const system = systemOf(fx, 0)
    expect(system).not.toContain('French')
    expect(system).toContain(`${process.platform} ${process.arch}`)
  })

  it('names the host directory when a tool runs real programs there', async () => {
    const fx = await agentFixture('openai-chat', [{ text: 'Hello.' }])
    await fx.run({ prompt: 'Hi.', profile: { tools: { allow: ['builtin:workspace.*', 'builtin:system.shell'] } } })
    expect(offeredTools(fx.server.requests[0]!, 'openai-chat')).toContain('system_shell')
    expect(systemOf(fx, 0)).toContain(`\`${fx.projectDir}\``)
    const plain = await agentFixture('openai-chat', [{ text: 'Hello.' }])
    await plain.run({ prompt: 'Hi.', profile: { tools: { allow: ['builtin:workspace.*'] } } })
    expect(systemOf(plain, 0)).not.toContain(plain.projectDir)
  })
})
