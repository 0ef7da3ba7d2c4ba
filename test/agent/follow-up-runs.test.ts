import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compactAgentRun, continueAgentRun } from '../../src/agent/loop/run-agent.js'
import type { AgentEvent } from '../../src/agent/loop/agent-events.js'
import { wireHistory } from '../model-server/wire-history.js'
import { agentFixture, modelFor } from './agent-fixture.js'

describe('a run continued with follow-up messages', () => {
  it('keeps the whole transcript, calls and results included, and stays one run', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'c1', name: 'calculator_evaluate', args: '{"expression":"6*7"}' }] },
      { text: 'It is 42.' },
      { text: 'Doubled, 84.' },
    ])
    const first = await fx.run({ prompt: 'What is 6*7?', profile: { permissions: { mode: 'bypass' } } })
    expect(first).toMatchObject({ status: 'completed', text: 'It is 42.' })
    const events: AgentEvent[] = []
    const next = await continueAgentRun({
      host: fx.host,
      runId: first.runId,
      prompt: 'Double it.',
      baseUrl: fx.server.baseUrl,
      apiKey: 'test-key',
      onEvent: (event) => events.push(event),
    })
    expect(next).toMatchObject({ runId: first.runId, status: 'completed', text: 'Doubled, 84.' })
    const history = wireHistory(fx.server.requests[2]!, 'openai-chat')
    expect(history.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user'])
    expect(history.at(-1)).toMatchObject({ role: 'user', text: 'Double it.' })
    expect(events[0]).toMatchObject({ type: 'run-started', resumed: true })
    expect(fx.host.store().getRun(first.runId)?.status).toBe('completed')
  })

  it('reports each call with its tool and title, each result with its summary, and each turn with its tokens', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'c1', name: 'dice_roll', args: '{"formula":"1d1"}' }] },
      { text: 'One.' },
    ])
    await fx.run({ prompt: 'Roll.', profile: { permissions: { mode: 'bypass' } } })
    expect(fx.events.find((event) => event.type === 'tool-call')).toMatchObject({
      toolId: 'builtin:dice.roll',
      title: expect.stringContaining('1d1'),
    })
    const usage = fx.events.filter((event) => event.type === 'model-usage')
    expect(usage).toHaveLength(2)
    expect(usage[0]).toMatchObject({ inputTokens: expect.any(Number), contextTokens: expect.any(Number) })
  })

  it('sets the permission mode a person chose for the calls from then on', async () => {
    const fx = await agentFixture('openai-chat', [
      { text: 'Hello.' },
      { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }] },
      { text: 'Written.' },
    ])
    const first = await fx.run({ prompt: 'Hi.' })
    const next = await continueAgentRun({
      host: fx.host,
      runId: first.runId,
      prompt: 'Write a.txt.',
      baseUrl: fx.server.baseUrl,
      apiKey: 'test-key',
      permissionMode: 'acceptEdits',
    })
    expect(next).toMatchObject({ status: 'completed', text: 'Written.' })
    expect(readFileSync(join(fx.projectDir, 'a.txt'), 'utf8')).toBe('x')
  })

  it('refuses a follow-up while the run waits for approval', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }] },
    ])
    const first = await fx.run({ prompt: 'Write.' })
    expect(first.status).toBe('paused')
    await expect(
      continueAgentRun({
        host: fx.host,
        runId: first.runId,
        prompt: 'More.',
        model: modelFor['openai-chat'],
        apiKey: 'k',
      }),
    ).rejects.toThrow(/waits for approval/)
  })

  it('compacts the older turns when a person asks, then goes on from the summary', async () => {
    const long = 'x'.repeat(4000)
    const fx = await agentFixture('openai-chat', [
      { text: `First answer ${long}` },
      { text: `Second answer ${long}` },
      { text: 'SUMMARY: two long answers were given.' },
      { text: 'Third.' },
    ])
    const first = await fx.run({ prompt: 'One.' })
    const runtime = { host: fx.host, runId: first.runId, baseUrl: fx.server.baseUrl, apiKey: 'test-key' }
    await continueAgentRun({ ...runtime, prompt: 'Two.' })
    const events: AgentEvent[] = []
    const compacted = await compactAgentRun({ ...runtime, onEvent: (event) => events.push(event) })
    expect(compacted).toMatchObject({ status: 'completed', reason: 'compacted' })
    expect(events.some((event) => event.type === 'compacted')).toBe(true)
    const next = await continueAgentRun({ ...runtime, prompt: 'Three.' })
    expect(next.text).toBe('Third.')
    const sent = JSON.stringify(fx.server.requests.at(-1)?.body)
    expect(sent).toContain('SUMMARY: two long answers were given.')
    expect(sent).not.toContain('First answer')
  })
})
