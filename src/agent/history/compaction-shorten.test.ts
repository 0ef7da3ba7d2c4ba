import { describe, expect, it } from 'vitest'
import { callInput } from './replay-prompt.js'
import { shortenedPreviewChars, shortenMinChars, shortenToFit } from './compaction-shorten.js'
import { estimateTokens } from './estimate-tokens.js'
import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

const stored = (entries: TranscriptEntry[]): StoredTranscriptEntry[] =>
  entries.map((entry, index) => ({ seq: index + 1, invocationId: 'inv', at: 0, entry }))
const huge = 'a'.repeat(1_000_000)
const result = (content: string) => ({
  callId: 'c1',
  toolId: null,
  content,
  isError: false,
  resourceRefs: [],
  images: [{ path: 'tool-results/inv/shot.png', mimeType: 'image/png' }],
})

const turn = stored([
  { kind: 'user', text: 'Save the data.', task: true },
  {
    kind: 'assistant',
    text: '',
    calls: [
      {
        callId: 'c1',
        name: 'write',
        rawArguments: JSON.stringify({ file_path: 'data.txt', content: huge, nested: { note: 'short' } }),
      },
      { callId: 'c2', name: 'write', rawArguments: `{"broken": "${'b'.repeat(20_000)}` },
    ],
  },
  { kind: 'results', results: [result('r'.repeat(500_000)), { ...result('Saved.'), callId: 'c2', images: [] }] },
])
const total = estimateTokens(turn.map((e) => e.entry))

describe('shortenToFit', () => {
  it('returns entries within the budget as they are', () => {
    expect(shortenToFit(turn, total, 'inv')).toEqual({ entries: turn, files: [] })
  })

  it('shortens the longest parts first, only as far as needed', () => {
    // Shortening the 1 MB argument alone brings it under this budget; the 500 KB result stays.
    const { entries, files } = shortenToFit(turn, total - 200_000, 'inv')
    expect(files.map((file) => file.path)).toEqual(['tool-results/inv/context-2-call-1-arguments.txt'])
    expect(entries[2]).toEqual(turn[2])
    const assistant = entries[1]!.entry
    if (assistant.kind !== 'assistant') throw new Error('expected the assistant entry')
    const input = callInput(assistant.calls[0]!)
    expect(input).toMatchObject({ file_path: 'data.txt', nested: { note: 'short' } })
    expect(String(input.content)).toMatch(
      new RegExp(
        `^a{${shortenedPreviewChars}}… \\[998,000 more characters left out .*tool-results/inv/context-2-call-1-arguments.txt\\]$`,
      ),
    )
    expect(assistant.calls[1]).toEqual((turn[1]!.entry as Extract<TranscriptEntry, { kind: 'assistant' }>).calls[1])
  })

  it('shortens results and invalid arguments too, keeping the task, ids and images', () => {
    const { entries, files } = shortenToFit(turn, 1_000, 'inv')
    expect(files.map((file) => file.path).sort()).toEqual([
      'tool-results/inv/context-2-call-1-arguments.txt',
      'tool-results/inv/context-2-call-2-arguments.txt',
      'tool-results/inv/context-3-result-1.txt',
    ])
    expect(entries[0]).toEqual(turn[0])
    const [assistant, results] = [entries[1]!.entry, entries[2]!.entry]
    if (assistant.kind !== 'assistant' || results.kind !== 'results') throw new Error('unexpected entries')
    expect(assistant.calls.map((call) => call.callId)).toEqual(['c1', 'c2'])
    expect(callInput(assistant.calls[1]!)).toEqual({
      shortened: expect.stringContaining('context-2-call-2-arguments.txt'),
    })
    expect(results.results[0]).toMatchObject({ callId: 'c1', images: [{ path: 'tool-results/inv/shot.png' }] })
    expect(results.results[0]?.content).toContain('500,000 characters')
    expect(results.results[0]?.content).toContain('tool-results/inv/context-3-result-1.txt')
    expect(results.results[1]?.content).toBe('Saved.')
    expect(estimateTokens(entries.map((e) => e.entry))).toBeLessThan(3 * shortenMinChars)
    // The files hold the full text, long lines split for reading by line ranges.
    const argumentsFile = files.find((file) => file.path.endsWith('call-1-arguments.txt'))!
    expect(argumentsFile.text.replaceAll('\n', '')).toBe(
      (turn[1]!.entry as Extract<TranscriptEntry, { kind: 'assistant' }>).calls[0]!.rawArguments,
    )
    expect(Math.max(...argumentsFile.text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(3000)
  })
})
