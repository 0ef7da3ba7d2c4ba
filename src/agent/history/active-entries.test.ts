import { describe, expect, it } from 'vitest'
import { activeEntries, activeStoredEntries } from './active-entries.js'
import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

const stored = (entries: TranscriptEntry[]): StoredTranscriptEntry[] =>
  entries.map((entry, index) => ({ seq: index + 1, invocationId: 'inv', at: 0, entry }))

describe('activeEntries', () => {
  it('is the whole transcript without a summary', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'user', text: 'a' },
      { kind: 'assistant', text: 'b', calls: [] },
    ]
    expect(activeEntries(stored(entries))).toEqual(entries)
  })

  it('is the latest summary followed by what it does not cover', () => {
    const all = stored([
      { kind: 'user', text: 'one' }, // 1
      { kind: 'assistant', text: 'two', calls: [] }, // 2
      { kind: 'summary', text: 'old', throughSeq: 1 }, // 3
      { kind: 'user', text: 'four' }, // 4
      { kind: 'assistant', text: 'five', calls: [] }, // 5
      { kind: 'summary', text: 'new', throughSeq: 4 }, // 6
      { kind: 'user', text: 'seven' }, // 7
    ])
    expect(activeEntries(all)).toEqual([
      { kind: 'summary', text: 'new', throughSeq: 4 },
      { kind: 'assistant', text: 'five', calls: [] },
      { kind: 'user', text: 'seven' },
    ])
    expect(activeStoredEntries([...all].reverse()).map((e) => e.seq)).toEqual([6, 5, 7])
  })

  it("keeps the run's task before the summary that covers it", () => {
    const all = stored([
      { kind: 'user', text: 'earlier chat' }, // 1
      { kind: 'user', text: 'the task', task: true }, // 2
      { kind: 'assistant', text: 'three', calls: [] }, // 3
      { kind: 'summary', text: 'sum', throughSeq: 3 }, // 4
      { kind: 'assistant', text: 'five', calls: [] }, // 5
    ])
    expect(activeEntries(all)).toEqual([
      { kind: 'user', text: 'the task', task: true },
      { kind: 'summary', text: 'sum', throughSeq: 3 },
      { kind: 'assistant', text: 'five', calls: [] },
    ])
    const uncovered = stored([
      { kind: 'user', text: 'a' },
      { kind: 'summary', text: 'sum', throughSeq: 1 },
      { kind: 'user', text: 'the task', task: true },
    ])
    expect(activeStoredEntries(uncovered).map((e) => e.seq)).toEqual([2, 3])
  })
})
