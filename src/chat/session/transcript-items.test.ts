import { describe, expect, it } from 'vitest'
import { agentFixture } from '../../../test/agent/agent-fixture.js'
import { continueAgentRun, compactAgentRun } from '../../agent/loop/run-agent.js'
import { chatReducer } from '../state/chat-reducer.js'
import { initialChatState } from '../state/chat-state.js'
import { transcriptItems } from './transcript-items.js'

describe('transcriptItems', () => {
  it('shows a stored run as the chat does: messages, calls with their results, answers', async () => {
    const fx = await agentFixture('openai-chat', [
      { text: 'Let me compute.', calls: [{ id: 'c1', name: 'calculator_evaluate', args: '{"expression":"6*7"}' }] },
      { text: 'It is 42.' },
      { calls: [{ id: 'c2', name: 'no_such_tool', args: '{}' }] },
      { text: 'Doubled, 84.' },
    ])
    const first = await fx.run({ prompt: 'What is 6*7?', profile: { permissions: { mode: 'bypass' } } })
    const runtime = { host: fx.host, runId: first.runId, baseUrl: fx.server.baseUrl, apiKey: 'test-key' }
    await continueAgentRun({ ...runtime, prompt: 'Double it.' })
    const items = transcriptItems(fx.host.store(), first.runId)
    expect(items.map((item) => item.kind)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'tool',
      'assistant',
    ])
    expect(items[0]).toEqual({ kind: 'user', id: 'r1', text: 'What is 6*7?' })
    expect(items[1]).toMatchObject({ kind: 'assistant', agentId: 'default', text: 'Let me compute.' })
    expect(items[2]).toMatchObject({
      kind: 'tool',
      callId: 'c1',
      alias: 'calculator_evaluate',
      toolId: 'builtin:calculator.evaluate',
      rawArguments: '{"expression":"6*7"}',
      result: { content: expect.stringContaining('42'), isError: false },
    })
    expect(items[5]).toMatchObject({ kind: 'tool', toolId: null, result: { isError: true } })
    expect(items[6]).toMatchObject({ kind: 'assistant', text: 'Doubled, 84.' })
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length)
    // The chat takes them as they are.
    const state = chatReducer(initialChatState({ model: 'm', mode: 'default' }), { type: 'items', items })
    expect(state.settled.map((item) => item.kind)).toEqual(items.map((item) => item.kind))
  })

  it('shows a summary as a notice, and leaves out what the model alone was told', async () => {
    const long = 'x'.repeat(4000)
    const fx = await agentFixture('openai-chat', [
      { text: `First ${long}` },
      { text: `Second ${long}` },
      { text: 'SUMMARY.' },
    ])
    const first = await fx.run({ prompt: 'One.' })
    const runtime = { host: fx.host, runId: first.runId, baseUrl: fx.server.baseUrl, apiKey: 'test-key' }
    await continueAgentRun({ ...runtime, prompt: 'Two.' })
    await compactAgentRun(runtime)
    const items = transcriptItems(fx.host.store(), first.runId)
    expect(items.at(-1)).toMatchObject({ kind: 'notice', text: 'earlier turns summarized', tone: 'info' })
    expect(items.filter((item) => item.kind === 'user').map((item) => item.kind === 'user' && item.text)).toEqual([
      'One.',
      'Two.',
    ])
  })

  it('leaves out reminders, and shows a published reply as the answer (chat scope)', async () => {
    const fx = await agentFixture('openai-chat', [
      { text: 'The weather is fine.' },
      {
        calls: [{ id: 'w', name: 'workspace_write_file', args: '{"file_path":"output/main.md","content":"Fine."}' }],
      },
      { calls: [{ id: 'c', name: 'workspace_commit', args: '{"finish":true}' }] },
    ])
    const result = await fx.run({ prompt: 'Weather?', scope: 'chat', profile: { permissions: { mode: 'bypass' } } })
    expect(result).toMatchObject({ status: 'completed', replies: ['Fine.'] })
    const items = transcriptItems(fx.host.store(), result.runId)
    expect(items.map((item) => item.kind)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant'])
    expect(items.filter((item) => item.kind === 'user')).toHaveLength(1)
    expect(items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Fine.' })
  })

  it('gives a call still waiting for its result no result', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }] },
    ])
    const paused = await fx.run({ prompt: 'Write.' })
    expect(paused.status).toBe('paused')
    const items = transcriptItems(fx.host.store(), paused.runId)
    expect(items.at(-1)).toMatchObject({ kind: 'tool', alias: 'workspace_write_file' })
    expect(items.at(-1)).not.toHaveProperty('result')
  })

  it('has nothing for a run it does not know', async () => {
    const fx = await agentFixture('openai-chat', [])
    expect(transcriptItems(fx.host.store(), 'run_00000000000000000000')).toEqual([])
  })
})
