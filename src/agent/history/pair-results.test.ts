import { describe, expect, it } from 'vitest'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { outcomeUnknownResult, repairTranscript, unpairedCalls } from './pair-results.js'
import type { TranscriptCall, TranscriptEntry } from '../../store/transcript.js'

const call = (callId: string, name = 'dice_roll'): TranscriptCall => ({ callId, name, rawArguments: '{}' })
const ok = (callId: string, content = `result ${callId}`): AgentToolResult => ({
  callId,
  toolId: 'builtin:dice.roll',
  content,
  isError: false,
  resourceRefs: [],
  images: [],
})
const unknown = (callId: string, name = 'dice_roll'): AgentToolResult => ({
  callId,
  toolId: null,
  content: `The outcome of this ${name} call is unknown: the run stopped while it was in progress, so it may or may not have run, fully or in part. Before repeating it, check the current state (read the files or data it would have changed) and only repeat what is still missing.`,
  isError: true,
  errorCode: 'tool.outcome_unknown',
  resourceRefs: [],
  images: [],
})

describe('repairTranscript', () => {
  it('leaves a well-paired transcript as it is', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'user', text: 'go' },
      { kind: 'assistant', text: '', calls: [call('a'), call('b')] },
      { kind: 'results', results: [ok('a'), ok('b')] },
      { kind: 'assistant', text: 'done', calls: [] },
      { kind: 'reminder', text: 'commit' },
    ]
    expect(repairTranscript(entries)).toEqual(entries)
  })

  it('gives a call without a recorded result tool.outcome_unknown, in call order', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'assistant', text: '', calls: [call('a'), call('b', 'workspace_shell'), call('c')] },
      { kind: 'results', results: [ok('c'), ok('a')] },
    ]
    expect(repairTranscript(entries)).toEqual([
      entries[0],
      { kind: 'results', results: [ok('a'), unknown('b', 'workspace_shell'), ok('c')] },
    ])
  })

  it('adds a results entry for an interrupted last turn', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'user', text: 'go' },
      { kind: 'assistant', text: 'working', calls: [call('a'), call('b')] },
    ]
    expect(repairTranscript(entries)).toEqual([...entries, { kind: 'results', results: [unknown('a'), unknown('b')] }])
    expect(outcomeUnknownResult(call('a'))).toEqual(unknown('a'))
  })

  it('adds a results entry for an interrupted turn followed by other entries', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'assistant', text: '', calls: [call('a')] },
      { kind: 'user', text: 'are you there?' },
    ]
    expect(repairTranscript(entries)).toEqual([entries[0], { kind: 'results', results: [unknown('a')] }, entries[1]])
  })

  it('drops results whose call is missing, keeps the first of duplicates, and joins split results entries', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'results', results: [ok('orphan')] },
      { kind: 'user', text: 'go' },
      { kind: 'results', results: [ok('stray')] },
      { kind: 'assistant', text: '', calls: [call('a'), call('b')] },
      { kind: 'results', results: [ok('a', 'first'), ok('x'), ok('a', 'second')] },
      { kind: 'results', results: [ok('b')] },
      { kind: 'assistant', text: 'no calls', calls: [] },
      { kind: 'results', results: [ok('a', 'late')] },
    ]
    expect(repairTranscript(entries)).toEqual([
      { kind: 'user', text: 'go' },
      entries[3],
      { kind: 'results', results: [ok('a', 'first'), ok('b')] },
      entries[6],
    ])
  })
})

describe('unpairedCalls', () => {
  it('lists calls without a recorded result, in transcript order', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'assistant', text: '', calls: [call('a'), call('b')] },
      { kind: 'results', results: [ok('b')] },
      { kind: 'assistant', text: '', calls: [call('c')] },
    ]
    expect(unpairedCalls(entries)).toEqual([call('a'), call('c')])
    expect(
      unpairedCalls([
        { kind: 'assistant', text: '', calls: [call('a')] },
        { kind: 'results', results: [ok('a')] },
      ]),
    ).toEqual([])
    expect(unpairedCalls([])).toEqual([])
  })
})
