import { describe, expect, it } from 'vitest'
import { IllegalCallTransitionError } from '../../call/call-transitions.js'
import type { ToolId } from '../../core/tool-id.js'
import { useStores } from '../../store/__fixtures__/test-store.js'
import { CallRecorder } from './call-recorder.js'

const stores = useStores()
const toolId = 'builtin:dice.roll' as ToolId
const base = { callId: 'c1', alias: 'dice_roll', round: 1 }
const ok = { callId: 'c1', toolId, content: 'Rolled 4', isError: false, resourceRefs: [], images: [] }

describe('CallRecorder', () => {
  it('writes one event per move; entering running makes everything before it durable', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const recorder = new CallRecorder(store, runId, invocationId)
    recorder.turnStarted(1, 1)
    recorder.record({ ...base, phase: 'requested', toolId, rawArguments: '{"formula":"1d6"}' })
    recorder.record({ ...base, phase: 'admitted', toolId, input: { formula: '1d6' } })
    recorder.record({ ...base, phase: 'scheduled', toolId, input: { formula: '1d6' }, decision: { behavior: 'allow' } })
    expect(store.events({ invocationId })).toEqual([])
    recorder.record({ ...base, phase: 'running', toolId, input: { formula: '1d6' } })
    expect(store.events({ invocationId }).map((e) => e.type)).toEqual([
      'turn_started',
      'requested',
      'admitted',
      'scheduled',
      'running',
    ])
    recorder.record({ ...base, phase: 'succeeded', toolId, result: ok })
    recorder.flush()
    const last = store.events({ invocationId }).at(-1)
    expect(last).toMatchObject({ type: 'succeeded', callId: 'c1', toolId, data: { result: { content: 'Rolled 4' } } })
    expect(recorder.state('c1')?.phase).toBe('succeeded')
  })

  it('starts calls together in one flush, and forgets the calls a turn finished when it ends', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const recorder = new CallRecorder(store, runId, invocationId)
    const input = { formula: '1d6' }
    for (const callId of ['c1', 'c2', 'c3']) {
      const call = { ...base, callId, toolId }
      recorder.record({ ...call, phase: 'requested', rawArguments: '{}' })
      recorder.record({ ...call, phase: 'admitted', input })
      recorder.record({ ...call, phase: 'scheduled', input, decision: { behavior: 'allow' } })
    }
    recorder.startCalls(['c1', 'c2'].map((callId) => ({ ...base, callId, toolId, phase: 'running', input })))
    const running = store.events({ invocationId, types: ['running'] }).map((e) => e.callId)
    expect(running).toEqual(['c1', 'c2'])
    expect(() => recorder.startCalls([{ ...base, callId: 'c1', toolId, phase: 'running', input }])).toThrow(
      IllegalCallTransitionError,
    )
    recorder.record({ ...base, callId: 'c1', toolId, phase: 'succeeded', result: ok })
    recorder.turnCompleted(1, 'completed')
    expect(recorder.state('c1')).toBeUndefined()
    expect(recorder.state('c2')?.phase).toBe('running')
    expect(recorder.state('c3')?.phase).toBe('scheduled')
  })

  it('refuses a move the transition table does not allow, and records nothing for it', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const recorder = new CallRecorder(store, runId, invocationId)
    recorder.record({ ...base, phase: 'requested', toolId, rawArguments: '{}' })
    expect(() => recorder.record({ ...base, phase: 'running', toolId, input: {} })).toThrow(IllegalCallTransitionError)
    expect(() => recorder.record({ ...base, callId: 'c2', phase: 'admitted', toolId, input: {} })).toThrow(
      /never requested/,
    )
    recorder.flush()
    expect(store.events({ invocationId }).map((e) => e.type)).toEqual(['requested'])
  })

  it('takes up calls of a paused turn from their checkpointed states', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const recorder = new CallRecorder(store, runId, invocationId)
    const waiting = {
      ...base,
      phase: 'awaiting_approval' as const,
      toolId,
      input: {},
      decision: { behavior: 'ask' as const },
      approvalId: 'apr_1',
      alwaysRule: 'builtin:dice.roll',
    }
    recorder.restore([waiting])
    recorder.record({ ...base, phase: 'scheduled', toolId, input: {}, decision: { behavior: 'allow' } })
    expect(() =>
      recorder.record({
        ...base,
        phase: 'awaiting_approval',
        toolId,
        input: {},
        decision: { behavior: 'ask' },
        approvalId: 'apr_2',
        alwaysRule: '',
      }),
    ).toThrow(IllegalCallTransitionError)
  })
})
