import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

/**
 * The part of a stored transcript that replay sends. Compaction appends a `summary` entry covering
 * the entries up to its `throughSeq`; what it did not cover stays where it is. So the active part is
 * the run's task entries the summary covers (see {@link isTaskEntry}: never summarized), then the
 * latest summary, then every other non-summary entry with a higher seq than `throughSeq`, in seq
 * order — the whole transcript when there is no summary.
 */
export function activeStoredEntries(stored: readonly StoredTranscriptEntry[]): StoredTranscriptEntry[] {
  const ordered = [...stored].sort((a, b) => a.seq - b.seq)
  const summary = ordered.findLast(({ entry }) => entry.kind === 'summary')
  if (summary === undefined || summary.entry.kind !== 'summary') return ordered
  const through = summary.entry.throughSeq
  const tasks = ordered.filter(({ seq, entry }) => seq <= through && isTaskEntry(entry))
  return [...tasks, summary, ...ordered.filter(({ seq, entry }) => seq > through && entry.kind !== 'summary')]
}

/** {@link activeStoredEntries} without the storage fields: the input of `replayPrompt`. */
export function activeEntries(stored: readonly StoredTranscriptEntry[]): TranscriptEntry[] {
  return activeStoredEntries(stored).map(({ entry }) => entry)
}

/** True for the user entry that holds the run's task (`task: true`): it stays in every prompt. */
export function isTaskEntry(entry: TranscriptEntry): boolean {
  return entry.kind === 'user' && entry.task === true
}
