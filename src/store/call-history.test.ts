import { describe, expect, it } from 'vitest'
import { callHistories } from './call-history.js'
import type { StoreEvent } from './event-types.js'

let seq = 0
const event = (callId: string | null, type: StoreEvent['type'], data: object, toolId: string | null = 't:x') =>
  ({ seq: ++seq, runId: 'r', invocationId: 'i', callId, toolId, type, at: seq, data }) as StoreEvent
const ok = { content: 'ok', isError: false, resourceRefs: [], images: [] }

describe('callHistories', () => {
  it('folds each call into its phases, decisions, progress, files and outcome, in first-seen order', () => {
    const histories = callHistories([
      event(null, 'turn_started', { round: 1, calls: 2 }),
      event('b', 'requested', { alias: 'x', rawArguments: '{}', round: 1 }),
      event('a', 'requested', { alias: 'y', rawArguments: '{"q":1}', round: 1 }, null),
      event('a', 'rejected', { result: { ...ok, isError: true, errorCode: 'model.unknown_tool_call' } }, null),
      event('b', 'admitted', {}),
      event('b', 'awaiting_approval', { behavior: 'ask', reason: 'asks', approvalId: 'apr_1' }),
      event('b', 'scheduled', { behavior: 'allow', reason: 'approved once', approver: 'ada' }),
      event('b', 'running', { round: 1 }),
      event('b', 'progress', { message: 'half' }),
      event('b', 'mid_call_approval', { behavior: 'allow', reason: 'may I?', approver: 'ada' }),
      event('b', 'stored', { paths: ['tool-results/b.txt'] }),
      event('b', 'succeeded', { result: ok, durationMs: 7 }),
    ])
    expect(histories.map((call) => call.callId)).toEqual(['b', 'a'])
    const [b, a] = histories
    expect(b).toMatchObject({
      alias: 'x',
      round: 1,
      phase: 'succeeded',
      approvalId: 'apr_1',
      durationMs: 7,
      progress: ['half'],
      stored: ['tool-results/b.txt'],
      result: ok,
      anomalies: [],
    })
    expect(b?.steps.map((step) => step.phase)).toEqual([
      'requested',
      'admitted',
      'awaiting_approval',
      'scheduled',
      'running',
      'succeeded',
    ])
    expect(b?.decisions.map((d) => [d.behavior, d.approver])).toEqual([
      ['ask', undefined],
      ['allow', 'ada'],
      ['allow', 'ada'],
    ])
    expect(a).toMatchObject({ toolId: null, phase: 'rejected', result: { errorCode: 'model.unknown_tool_call' } })
  })

  it('keeps moves the transition table does not allow, and says so', () => {
    const [call] = callHistories([
      event('c', 'running', {}),
      event('c', 'succeeded', { result: ok, durationMs: 1 }),
      event('c', 'failed', { error: { name: 'Error', message: 'late' }, durationMs: 1 }),
    ])
    expect(call?.phase).toBe('failed')
    expect(call?.error).toEqual({ name: 'Error', message: 'late' })
    expect(call?.anomalies).toEqual([
      expect.stringMatching(/^\(nothing\) → running at seq \d+$/),
      expect.stringMatching(/^succeeded → failed at seq \d+$/),
    ])
  })
})

describe('callHistories with a reused call id', () => {
  it('starts a new history when an id is requested again', () => {
    const histories = callHistories([
      event('c', 'requested', { alias: 'x', rawArguments: '{}', round: 1 }),
      event('c', 'rejected', { result: ok }),
      event('c', 'requested', { alias: 'x', rawArguments: '{}', round: 2 }),
      event('c', 'admitted', {}),
    ])
    expect(histories.map((call) => [call.round, call.phase, call.anomalies])).toEqual([
      [1, 'rejected', []],
      [2, 'admitted', []],
    ])
  })
})
