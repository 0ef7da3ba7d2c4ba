import { activeStoredEntries, isTaskEntry } from './active-entries.js'
import { estimateTokens } from './estimate-tokens.js'
import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

/** When and how much to compact. */
export interface CompactionOptions {
  /** The model's context window in tokens. */
  readonly contextTokens: number
  /** Compact when the estimate reaches this share of the window, e.g. 0.8. */
  readonly compactAt: number
  /** How many tokens of the most recent turns to keep verbatim (at least the last turn is kept). */
  readonly keepRecentTokens: number
  /** Tokens of what is sent besides the transcript (system prompt, tool definitions). */
  readonly systemTokens: number
}

/** What to summarize. */
export interface CompactionPlan {
  /** The seq of the last entry summarized: the new summary entry's `throughSeq`. */
  readonly throughSeq: number
  /** The oldest entries of the active transcript, to be summarized (no summary or task entry among them). */
  readonly summarize: TranscriptEntry[]
  /** The text of the summary these entries follow, if any; pass it to `compactionPrompt`. */
  readonly previousSummary?: string
  /** The text of the run's task entries (kept, not summarized), if any; pass it to `compactionPrompt`. */
  readonly task?: string
  /** The estimate that crossed the threshold: `systemTokens` plus the active transcript. */
  readonly tokens: number
}

/**
 * Decides whether to compact and what. Works on the active part of the transcript (the latest
 * summary and what follows it, see `activeStoredEntries`), so it may be given the whole stored
 * transcript or only the active entries. The run's task entry is counted but never summarized: it
 * stays in every prompt.
 *
 * Returns `undefined` below `contextTokens × compactAt`, or when nothing can be summarized.
 * Otherwise the oldest entries, cut only at a turn boundary: the kept part starts at a `user`,
 * `reminder` or `assistant` entry, so an assistant entry and its results stay together (and images
 * leave with the entries that carry them). The kept part is the longest such suffix within
 * `keepRecentTokens`, and never less than the last turn (from the last boundary).
 *
 * @throws RangeError for options that cannot be meant (a non-positive window, a share outside (0, 1])
 *
 * @example
 * const plan = planCompaction(stored, { contextTokens: 128_000, compactAt: 0.8, keepRecentTokens: 8_000, systemTokens: 500 })
 */
export function planCompaction(
  entries: readonly StoredTranscriptEntry[],
  options: CompactionOptions,
): CompactionPlan | undefined {
  const { contextTokens, compactAt, keepRecentTokens, systemTokens } = options
  if (!(contextTokens > 0)) throw new RangeError(`contextTokens must be positive; got ${contextTokens}`)
  if (!(compactAt > 0 && compactAt <= 1))
    throw new RangeError(`compactAt is a share of the window in (0, 1]; got ${compactAt}`)
  if (!(keepRecentTokens >= 0)) throw new RangeError(`keepRecentTokens must be at least 0; got ${keepRecentTokens}`)

  const active = activeStoredEntries(entries)
  const summary = active.find(({ entry }) => entry.kind === 'summary')?.entry
  const previousSummary = summary?.kind === 'summary' ? summary.text : undefined
  const body = active.filter(({ entry }) => entry.kind !== 'summary' && !isTaskEntry(entry))
  const tokens = systemTokens + active.reduce((sum, { entry }) => sum + estimateTokens(entry), 0)
  if (tokens < contextTokens * compactAt) return undefined

  // suffix[i]: tokens of body[i..]
  const suffix = new Array<number>(body.length + 1).fill(0)
  for (let i = body.length - 1; i >= 0; i -= 1)
    suffix[i] = (suffix[i + 1] ?? 0) + estimateTokens((body[i] as StoredTranscriptEntry).entry)
  const boundaries = body.flatMap(({ entry }, index) => (index > 0 && entry.kind !== 'results' ? [index] : []))
  const last = boundaries.at(-1)
  if (last === undefined) return undefined
  const cut = boundaries.find((index) => (suffix[index] ?? 0) <= keepRecentTokens) ?? last

  const summarized = body.slice(0, cut)
  const through = summarized.at(-1) as StoredTranscriptEntry
  const task = active
    .flatMap(({ entry }) => (entry.kind === 'user' && isTaskEntry(entry) ? [entry.text] : []))
    .join('\n\n')
  return {
    throughSeq: through.seq,
    summarize: summarized.map(({ entry }) => entry),
    ...(previousSummary !== undefined && { previousSummary }),
    ...(task !== '' && { task }),
    tokens,
  }
}
