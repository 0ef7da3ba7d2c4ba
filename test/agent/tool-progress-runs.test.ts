import { describe, expect, it } from 'vitest'
import type { AgentEvent } from '../../src/agent/loop/agent-events.js'
import { progressTool } from '../test-tools.js'
import { agentFixture } from './agent-fixture.js'

const bypass = { permissions: { mode: 'bypass' } } as const
const progressCall = (id: string) => ({ id, name: 'test_progress', args: '{"steps":3}' })

/** The events of one call, from its call to its result, as `type` or `type:message`. */
function callEvents(events: readonly AgentEvent[], callId: string): string[] {
  return events.flatMap((event) => {
    if (event.type === 'tool-call' && event.call.callId === callId) return ['tool-call']
    if (event.type === 'tool-progress' && event.callId === callId) return [`tool-progress:${event.message}`]
    if (event.type === 'tool-result' && event.result.callId === callId) return ['tool-result']
    return []
  })
}

describe('tool progress in the event stream', () => {
  it('reports each progress of a running call, in order, between its call and its result', async () => {
    const fx = await agentFixture('openai-chat', [{ calls: [progressCall('call_p')] }, { text: 'Counted.' }], {
      host: { tools: [progressTool] },
    })
    const result = await fx.run({ prompt: 'Count to 3.', profile: bypass })
    expect(result.status).toBe('completed')
    expect(callEvents(fx.events, 'call_p')).toEqual([
      'tool-call',
      'tool-progress:step 1',
      'tool-progress:step 2',
      'tool-progress:step 3',
      'tool-result',
    ])
    const progress = fx.events.filter((event) => event.type === 'tool-progress')
    expect(progress).toEqual(
      [1, 2, 3].map((step) => ({
        type: 'tool-progress',
        agentId: 'default',
        callId: 'call_p',
        toolId: 'builtin:test.progress',
        alias: 'test_progress',
        message: `step ${step}`,
        progress: step,
        total: 3,
        elapsedMs: expect.any(Number) as number,
      })),
    )
    const elapsed = progress.map((event) => event.elapsedMs)
    expect([...elapsed].sort((a, b) => a - b)).toEqual(elapsed)
  })

  it("reports a delegated child's progress with the child's agent id", async () => {
    const fx = await agentFixture(
      'anthropic',
      {
        main: [
          {
            calls: [
              {
                id: 'call_d',
                name: 'agent_delegate',
                args: JSON.stringify({ agentId: 'counter', task: { objective: 'Count to 3.' } }),
              },
            ],
          },
          { calls: [{ id: 'call_w', name: 'agent_await', args: '{"mode":"all"}' }] },
          { text: 'The counter counted.' },
        ],
        child: [
          { calls: [progressCall('call_c')] },
          {
            calls: [
              {
                id: 'call_r',
                name: 'task_return',
                args: JSON.stringify({ summary: 'Counted to 3.', status: 'completed' }),
              },
            ],
          },
        ],
      },
      {
        host: { tools: [progressTool] },
        profiles: {
          counter: {
            agent: { callable: true, description: 'Counts.', systemPrompt: 'You are the counter.' },
            ...bypass,
          },
        },
        script: {
          route: (request) => (JSON.stringify(request.body).includes('You are the counter.') ? 'child' : 'main'),
        },
      },
    )
    const result = await fx.run({ prompt: 'Have it counted.', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', text: 'The counter counted.' })
    expect(callEvents(fx.events, 'call_c')).toEqual([
      'tool-call',
      'tool-progress:step 1',
      'tool-progress:step 2',
      'tool-progress:step 3',
      'tool-result',
    ])
    const progress = fx.events.filter((event) => event.type === 'tool-progress')
    expect(new Set(progress.map((event) => event.agentId))).toEqual(new Set(['counter']))
  })
})
