import { describe, expect, it } from 'vitest'
import { planCompaction, type CompactionOptions } from './compaction.js'
import { estimateTokens } from './estimate-tokens.js'
import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

const stored = (entries: TranscriptEntry[]): StoredTranscriptEntry[] =>
  entries.map((entry, index) => ({ seq: index + 1, invocationId: 'inv', at: 0, entry }))
const big = (n: number) => 'x'.repeat(n * 4) // n tokens of text

// seq:                 1       2              3        4       5              6        7
const turns = stored([
  { kind: 'user', text: big(100) },
  { kind: 'assistant', text: big(100), calls: [{ callId: 'a', name: 'read', rawArguments: '{}' }] },
  {
    kind: 'results',
    results: [{ callId: 'a', toolId: null, content: big(100), isError: false, resourceRefs: [], images: [] }],
  },
  { kind: 'reminder', text: big(100) },
  { kind: 'assistant', text: big(100), calls: [{ callId: 'b', name: 'read', rawArguments: '{}' }] },
  {
    kind: 'results',
    results: [
      {
        callId: 'b',
        toolId: null,
        content: big(100),
        isError: false,
        resourceRefs: [],
        images: [{ path: 'p.png', mimeType: 'image/png' }],
      },
    ],
  },
  { kind: 'user', text: big(100) },
])
const total = estimateTokens(turns.map((e) => e.entry))
const options = (over: Partial<CompactionOptions> = {}): CompactionOptions => ({
  contextTokens: total,
  compactAt: 0.8,
  keepRecentTokens: 0,
  systemTokens: 0,
  ...over,
})

describe('planCompaction', () => {
  it('does nothing below the threshold', () => {
    expect(planCompaction(turns, options({ contextTokens: total * 2 }))).toBeUndefined()
    expect(planCompaction(turns, options({ contextTokens: total * 2, systemTokens: total }))).toMatchObject({
      tokens: total * 2,
    })
  })

  it('keeps at least the last turn', () => {
    expect(planCompaction(turns, options())).toEqual({
      throughSeq: 6,
      summarize: turns.slice(0, 6).map((e) => e.entry),
      tokens: total,
    })
  })

  it('keeps as many recent turns as fit, cutting only where a user, reminder or assistant entry starts', () => {
    const lastTwo = estimateTokens([turns[5]!.entry, turns[6]!.entry])
    const fromFifth = estimateTokens(turns.slice(4).map((e) => e.entry))
    // the results entry (seq 6) is never the start of the kept part, so room for two entries still keeps only seq 7
    expect(planCompaction(turns, options({ keepRecentTokens: lastTwo }))?.throughSeq).toBe(6)
    // the assistant entry and its results (with the image) stay together
    expect(planCompaction(turns, options({ keepRecentTokens: fromFifth }))?.throughSeq).toBe(4)
    expect(planCompaction(turns, options({ keepRecentTokens: fromFifth + 99 }))?.throughSeq).toBe(4)
    // everything fits in the kept part: the first entry is still summarized, so a cut remains
    expect(planCompaction(turns, options({ keepRecentTokens: total }))).toMatchObject({
      throughSeq: 1,
      summarize: [turns[0]!.entry],
    })
  })

  it('never summarizes when no turn boundary leaves anything to summarize', () => {
    const single = stored([
      { kind: 'assistant', text: big(500), calls: [{ callId: 'a', name: 'read', rawArguments: '{}' }] },
      {
        kind: 'results',
        results: [{ callId: 'a', toolId: null, content: big(500), isError: false, resourceRefs: [], images: [] }],
      },
    ])
    expect(planCompaction(single, options({ contextTokens: 100 }))).toBeUndefined()
    expect(planCompaction([], options({ contextTokens: 100, systemTokens: 1000 }))).toBeUndefined()
  })

  it('works on the active part after an earlier summary and reports its text', () => {
    const withSummary = [
      ...turns,
      { seq: 8, invocationId: 'inv', at: 0, entry: { kind: 'summary', text: 'Earlier work.', throughSeq: 3 } as const },
      { seq: 9, invocationId: 'inv', at: 0, entry: { kind: 'user', text: big(100) } as const },
    ]
    const plan = planCompaction(withSummary, options({ contextTokens: 100 }))
    expect(plan).toMatchObject({ throughSeq: 7, previousSummary: 'Earlier work.' })
    expect(plan?.summarize).toEqual(turns.slice(3).map((e) => e.entry))
  })

  it("never summarizes the run's task", () => {
    const withTask = stored([{ kind: 'user', text: big(100), task: true }, ...turns.slice(1).map((e) => e.entry)])
    const plan = planCompaction(withTask, options())
    expect(plan).toEqual({
      throughSeq: 6,
      summarize: turns.slice(1, 6).map((e) => e.entry),
      task: big(100),
      tokens: total,
    })
    const after = [
      ...withTask,
      { seq: 8, invocationId: 'inv', at: 0, entry: { kind: 'summary', text: 'Earlier work.', throughSeq: 6 } as const },
    ]
    // Task, summary and the last turn: nothing else to summarize, though over the threshold.
    expect(planCompaction(after, options({ contextTokens: 10 }))).toBeUndefined()
  })

  it('refuses options that cannot be meant', () => {
    expect(() => planCompaction(turns, options({ contextTokens: 0 }))).toThrow(RangeError)
    expect(() => planCompaction(turns, options({ compactAt: 1.5 }))).toThrow(RangeError)
    expect(() => planCompaction(turns, options({ keepRecentTokens: -1 }))).toThrow(RangeError)
  })
})
