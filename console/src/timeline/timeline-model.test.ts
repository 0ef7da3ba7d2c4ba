import { describe, expect, it } from 'vitest'
import { addEvent, argumentsLine, emptyTimeline, parseEvent, prettyArguments } from './timeline-model.js'

const call = (type: string, seq: number, data: object, callId = 'call_1', invocationId = 'inv_1') =>
  parseEvent(
    type,
    `0.${seq}`,
    JSON.stringify({
      source: 'call',
      seq,
      type,
      at: 1000 + seq,
      invocationId,
      callId,
      toolId: 'builtin:dice.roll',
      data,
    }),
  )

describe('parseEvent', () => {
  it('reads a whole stored event as the run stream sends it', () => {
    const event = call('succeeded', 7, { durationMs: 5 })
    expect(event).toEqual({
      id: '0.7',
      type: 'succeeded',
      at: 1007,
      callId: 'call_1',
      toolId: 'builtin:dice.roll',
      invocationId: 'inv_1',
      data: { durationMs: 5 },
    })
  })

  it('reads bare data under the stream event name, and a turn event without a call', () => {
    expect(parseEvent('finished', '3', '{"status":"completed"}')).toMatchObject({
      type: 'finished',
      callId: undefined,
      data: { status: 'completed' },
    })
    const turn = parseEvent('turn_started', '1.2', '{"type":"turn_started","callId":null,"at":5,"data":{"round":1}}')
    expect(turn).toMatchObject({ type: 'turn_started', callId: undefined, at: 5, data: { round: 1 } })
  })

  it('keeps text that is not JSON', () => {
    expect(parseEvent('message', '', 'hello').data).toEqual({ text: 'hello' })
  })
})

describe('addEvent', () => {
  it('folds a call into one row: input, decision with its rule, timings and result', () => {
    const timeline = emptyTimeline()
    addEvent(timeline, parseEvent('run_started', '1.0', '{"type":"run_started","at":1,"data":{"prompt":"roll"}}'))
    addEvent(timeline, call('requested', 1, { alias: 'dice_roll', rawArguments: '{"formula":"2d6"}', round: 1 }))
    addEvent(timeline, call('admitted', 2, { title: 'Roll 2d6' }))
    addEvent(timeline, call('scheduled', 3, { behavior: 'allow', rule: 'dice.*', approver: 'rule' }))
    addEvent(timeline, call('running', 4, {}))
    addEvent(timeline, call('progress', 5, { message: 'rolling', progress: 1, total: 2 }))
    addEvent(
      timeline,
      call('succeeded', 6, { durationMs: 12, result: { content: '7', isError: false, resourceRefs: [], images: [] } }),
    )
    expect(timeline.rows.map((row) => row.kind)).toEqual(['event', 'call'])
    const row = timeline.rows[1]
    if (row?.kind !== 'call') throw new Error('no call row')
    expect(row.call).toMatchObject({
      alias: 'dice_roll',
      phase: 'succeeded',
      rawArguments: '{"formula":"2d6"}',
      title: 'Roll 2d6',
      round: 1,
      behavior: 'allow',
      rule: 'dice.*',
      approver: 'rule',
      requestedAt: 1001,
      startedAt: 1004,
      durationMs: 12,
      progress: 'rolling 1/2',
      result: { content: '7', isError: false, images: [] },
    })
    expect(row.call.events).toHaveLength(6)
    expect(timeline.status).toBe('running')
  })

  it('takes an event in once when a reconnected stream sends it again', () => {
    const timeline = emptyTimeline()
    addEvent(timeline, call('requested', 1, { alias: 'a', rawArguments: '{}' }))
    addEvent(timeline, call('requested', 1, { alias: 'a', rawArguments: '{}' }))
    expect(timeline.seen.size).toBe(1)
    const row = timeline.rows[0]
    expect(row?.kind === 'call' && row.call.events.length).toBe(1)
  })

  it('tells apart the same call id in two invocations', () => {
    const timeline = emptyTimeline()
    addEvent(timeline, call('requested', 1, { alias: 'a', rawArguments: '{}' }, 'call_1', 'inv_1'))
    addEvent(timeline, call('requested', 2, { alias: 'b', rawArguments: '{}' }, 'call_1', 'inv_2'))
    expect(timeline.rows).toHaveLength(2)
  })

  it('marks the run paused while a call waits for approval, and takes the finished status', () => {
    const timeline = emptyTimeline()
    addEvent(timeline, call('awaiting_approval', 1, { behavior: 'ask', approvalId: 'apr_1' }))
    expect(timeline.status).toBe('paused')
    const row = timeline.rows[0]
    expect(row?.kind === 'call' && row.call.approvalId).toBe('apr_1')
    addEvent(timeline, parseEvent('finished', '2.1', '{"type":"finished","at":9,"data":{"status":"completed"}}'))
    expect(timeline.status).toBe('completed')
  })

  it('keeps a thrown error of a failed call for people', () => {
    const timeline = emptyTimeline()
    addEvent(timeline, call('failed', 1, { error: { name: 'TypeError', message: 'boom' }, durationMs: 1 }))
    const row = timeline.rows[0]
    expect(row?.kind === 'call' && row.call.error).toBe('TypeError: boom')
  })
})

describe('arguments', () => {
  it('shows arguments pretty when they are JSON and as sent when not', () => {
    expect(prettyArguments('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(prettyArguments('{broken')).toBe('{broken')
  })

  it('summarizes arguments on one line, cut to the width', () => {
    expect(argumentsLine('{"path":"a.txt","lines":[1,2]}')).toBe('path=a.txt lines=[1,2]')
    expect(argumentsLine(`{"text":"${'x'.repeat(200)}"}`, 20)).toBe(`text=${'x'.repeat(14)}…`)
    expect(argumentsLine('not\njson')).toBe('not json')
  })
})
