import { describe, expect, it } from 'vitest'
import { addEvent, emptyTimeline, parseEvent } from './timeline-model.js'
import { turnKeys, turnTexts } from './turn-texts.js'

describe('turnTexts', () => {
  it('numbers the assistant entries with calls of each invocation, leaving out carried-over ones and empty texts', () => {
    const texts = turnTexts({
      invocations: [
        {
          id: 'inv_1',
          entries: [
            { entry: { kind: 'assistant', text: 'old', calls: [], prior: true } },
            { entry: { kind: 'user', text: 'go' } },
            { entry: { kind: 'assistant', text: 'Writing first.', calls: [{}] } },
            { entry: { kind: 'results', results: [] } },
            { entry: { kind: 'assistant', text: '', calls: [{}] } },
            { entry: { kind: 'assistant', text: 'Rolling.', calls: [{}] } },
            { entry: { kind: 'assistant', text: 'All done.', calls: [] } },
          ],
        },
        { id: 'inv_2', entries: [{ entry: { kind: 'assistant', text: 'child', calls: [{}] } }] },
      ],
    })
    expect([...texts]).toEqual([
      ['inv_1#1', 'Writing first.'],
      ['inv_1#3', 'Rolling.'],
      ['inv_2#1', 'child'],
    ])
  })
})

describe('turnKeys', () => {
  it('gives each started turn its invocation and place', () => {
    const timeline = emptyTimeline()
    const turn = (id: string, invocationId: string, round: number) =>
      addEvent(
        timeline,
        parseEvent(
          'turn_started',
          id,
          JSON.stringify({ type: 'turn_started', invocationId, callId: null, data: { round } }),
        ),
      )
    turn('1', 'inv_1', 1)
    turn('2', 'inv_2', 1)
    turn('3', 'inv_1', 2)
    expect([...turnKeys(timeline).values()]).toEqual(['inv_1#1', 'inv_2#1', 'inv_1#2'])
  })
})
