import { resultPath } from '../../results/result-files.js'
import { previewOf, WRAP_WIDTH, wrapLongLines } from '../../results/wrap-lines.js'
import { fillText, loadText } from '../../text/model-text.js'
import { formatCount } from '../../text/quantities.js'
import { estimateTokens } from './estimate-tokens.js'
import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

const argumentNoteText = loadText(import.meta.url, 'texts/shortened-argument.md')
const resultNoteText = loadText(import.meta.url, 'texts/shortened-result.md')

/** Characters of a shortened argument value or result kept inline, as its preview. */
export const shortenedPreviewChars = 2000

/** Parts up to this many characters are never shortened: their replacement would save little. */
export const shortenMinChars = 4 * shortenedPreviewChars

/** The full text of a shortened part, to be stored at its workspace path before the prompt is sent. */
export interface ShortenedFile {
  /** Workspace path under `tool-results/<invocationId>/`. */
  readonly path: string
  readonly text: string
}

/** Entries that fit, and the files their notes refer to. */
export interface FittedEntries {
  readonly entries: StoredTranscriptEntry[]
  readonly files: ShortenedFile[]
}

type Part = {
  readonly index: number
  readonly kind: 'call' | 'result'
  readonly position: number
  readonly length: number
}

/**
 * Makes the active transcript fit `budgetTokens` when compaction alone cannot (one turn with a
 * 5 MB argument or result): while the estimate is over the budget, the longest call arguments and
 * results over {@link shortenMinChars} characters are replaced, longest first, by a preview and a
 * note naming the file that holds the full text. Within the budget the entries come back as they
 * are. Pure: the stored transcript keeps the full text, so the same entries shorten the same way
 * each round; the caller writes `files` (the same paths and text each time).
 *
 * - Arguments stay a JSON object, so the call replays with its shape: each string value longer than
 *   the preview keeps its start followed by the note (`texts/shortened-argument.md`); arguments that
 *   are not an object, or stay long after that, become `{"shortened": "<preview and note>"}`. The
 *   file holds the raw arguments: `context-<seq>-call-<n>-arguments.txt`.
 * - A result's text becomes the note and a preview (`texts/shortened-result.md`); its images stay.
 *   The file holds the text: `context-<seq>-result-<n>.txt`.
 *
 * Files have long lines split (see `wrapLongLines`) so that they can be read by line ranges.
 *
 * @example
 * const { entries, files } = shortenToFit(activeStoredEntries(stored), 0.8 * 128_000 - systemTokens, invocationId)
 */
export function shortenToFit(
  active: readonly StoredTranscriptEntry[],
  budgetTokens: number,
  invocationId: string,
): FittedEntries {
  let total = active.reduce((sum, { entry }) => sum + estimateTokens(entry), 0)
  if (total <= budgetTokens) return { entries: [...active], files: [] }
  const parts = active
    .flatMap(({ entry }, index) => partsOf(entry, index))
    .sort((a, b) => b.length - a.length || a.index - b.index || a.position - b.position)
  const replaced = new Map<string, string>()
  const files: ShortenedFile[] = []
  for (const part of parts) {
    if (total <= budgetTokens) break
    const { seq, entry } = active[part.index] as StoredTranscriptEntry
    const original = textOf(entry, part)
    const number = part.position + 1
    const path = resultPath(
      invocationId,
      part.kind === 'call' ? `context-${seq}-call-${number}-arguments.txt` : `context-${seq}-result-${number}.txt`,
    )
    const shortened = part.kind === 'call' ? shortenArguments(original, path) : shortenResult(original, path)
    files.push({ path, text: wrapLongLines(original).pieces.join('') })
    replaced.set(`${part.index}:${part.kind}:${part.position}`, shortened)
    total -= estimateTokens(original) - estimateTokens(shortened)
  }
  const entries = active.map((stored, index) => ({
    ...stored,
    entry: withReplaced(stored.entry, (kind, position) => replaced.get(`${index}:${kind}:${position}`)),
  }))
  return { entries, files }
}

function partsOf(entry: TranscriptEntry, index: number): Part[] {
  const long = (part: Part) => part.length > shortenMinChars
  if (entry.kind === 'assistant')
    return entry.calls
      .map((call, position): Part => ({ index, kind: 'call', position, length: call.rawArguments.length }))
      .filter(long)
  if (entry.kind === 'results')
    return entry.results
      .map((result, position): Part => ({ index, kind: 'result', position, length: result.content.length }))
      .filter(long)
  return []
}

function textOf(entry: TranscriptEntry, part: Part): string {
  if (entry.kind === 'assistant') return entry.calls[part.position]?.rawArguments ?? ''
  if (entry.kind === 'results') return entry.results[part.position]?.content ?? ''
  return ''
}

function withReplaced(
  entry: TranscriptEntry,
  replacement: (kind: Part['kind'], position: number) => string | undefined,
): TranscriptEntry {
  if (entry.kind === 'assistant')
    return {
      ...entry,
      calls: entry.calls.map((call, position) => ({
        ...call,
        rawArguments: replacement('call', position) ?? call.rawArguments,
      })),
    }
  if (entry.kind === 'results')
    return {
      ...entry,
      results: entry.results.map((result, position) => ({
        ...result,
        content: replacement('result', position) ?? result.content,
      })),
    }
  return entry
}

function shortenArguments(raw: string, path: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const shortened = JSON.stringify(shortenStrings(parsed, raw.length, path))
    if (shortened.length <= shortenMinChars) return shortened
  }
  return JSON.stringify({ shortened: cutString(raw, raw.length, path) })
}

function shortenStrings(value: unknown, characters: number, path: string): unknown {
  if (typeof value === 'string')
    return value.length > shortenedPreviewChars ? cutString(value, characters, path) : value
  if (Array.isArray(value)) return value.map((item) => shortenStrings(item, characters, path))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortenStrings(item, characters, path)]))
  return value
}

function cutString(value: string, characters: number, path: string): string {
  const preview = previewOf(value, shortenedPreviewChars)
  return (
    preview +
    fillText(argumentNoteText, {
      remainingCharacters: formatCount(value.length - preview.length),
      characters: formatCount(characters),
      path,
    })
  )
}

function shortenResult(content: string, path: string): string {
  const preview = previewOf(content, shortenedPreviewChars)
  return fillText(resultNoteText, {
    characters: formatCount(content.length),
    previewCharacters: formatCount(preview.length),
    path,
    wrapWidth: formatCount(WRAP_WIDTH),
    preview,
    remainingCharacters: formatCount(content.length - preview.length),
  })
}
