import { fillText, loadText } from '../../../text/model-text.js'
import { counted } from '../../../text/quantities.js'
import type { FoundLine } from './match-collector.js'
import { searchLimits, type SearchOutcome, type SearchRequest } from './search-run.js'

const texts = {
  noMatches: loadText(import.meta.url, 'texts/search-no-matches.txt'),
  nextPage: loadText(import.meta.url, 'texts/search-next-page.txt'),
  lastPage: loadText(import.meta.url, 'texts/search-last-page.txt'),
  pastEnd: loadText(import.meta.url, 'texts/search-past-end.txt'),
  stopped: loadText(import.meta.url, 'texts/search-stopped.txt'),
}

/** Most characters of result lines in one answer; the page ends early past this (the tool pages itself). */
export const resultCharBudget = 40_000

/** The model's text for a search, and how many entries of the page it shows. */
export interface FormattedSearch {
  readonly text: string
  readonly shown: number
  /** Shown entries: `path:line:text` lines, paths, or `path:count` lines. */
  readonly results: readonly string[]
}

/** Result lines of a page and how many entries they show. */
interface PageLines {
  readonly body: string[]
  readonly results: string[]
  readonly shown: number
}

/** Formats an outcome: result lines (grep style), a blank line, then the summary and paging hint. */
export function formatSearch(outcome: SearchOutcome, request: SearchRequest): FormattedSearch {
  const { body, results, shown } =
    request.mode === 'content' ? contentLines(outcome, request) : fileLines(outcome, request)
  const notes = [summary(outcome, request, shown)]
  if (outcome.stoppedEarly) notes.push(fillText(texts.stopped, { seconds: searchLimits.totalTimeMs / 1000 }))
  const text = body.length === 0 ? notes.join('\n') : `${body.join('\n')}\n\n${notes.join('\n')}`
  return { text, shown, results }
}

/** Matching lines with their context; with context, groups that do not touch are separated by `--`. */
function contentLines(outcome: SearchOutcome, request: SearchRequest): PageLines {
  const separated = request.before > 0 || request.after > 0
  const body: string[] = []
  const results: string[] = []
  let shown = 0
  let size = 0
  let previous: { path: string; line: number } | undefined
  for (const file of outcome.page) {
    for (const group of file.groups) {
      const lines = group.map((line) => formatLine(file.path, line))
      const groupSize = lines.reduce((sum, line) => sum + line.length + 1, 0)
      if (shown > 0 && size + groupSize > resultCharBudget) return { body, results, shown }
      const first = group[0] as FoundLine
      if (separated && previous !== undefined && (previous.path !== file.path || first.line > previous.line + 1))
        body.push('--')
      body.push(...lines)
      results.push(...lines.filter((_line, i) => group[i]?.isMatch === true))
      size += groupSize
      shown++
      previous = { path: file.path, line: (group[group.length - 1] as FoundLine).line }
    }
  }
  return { body, results, shown }
}

/** One line per file: its path, or `path:count`. */
function fileLines(outcome: SearchOutcome, request: SearchRequest): PageLines {
  const results: string[] = []
  let size = 0
  for (const file of outcome.page) {
    const line = request.mode === 'count' ? `${file.path}:${file.matches}` : file.path
    if (results.length > 0 && size + line.length + 1 > resultCharBudget) break
    results.push(line)
    size += line.length + 1
  }
  return { body: results, results, shown: results.length }
}

function formatLine(path: string, line: FoundLine): string {
  return `${path}${line.isMatch ? ':' : '-'}${line.line}${line.isMatch ? ':' : '-'}${line.text}`
}

function summary(outcome: SearchOutcome, request: SearchRequest, shown: number): string {
  const skipped = skippedNotes(outcome)
  const searched = `${counted(outcome.searched, 'file')} searched`
  if (outcome.entries === 0)
    return fillText(texts.noMatches, { searched, skipped: skipped.map((note) => `; ${note}`).join('') })
  const found =
    request.mode === 'files_with_matches'
      ? `${counted(outcome.files, 'file')} with matches`
      : `${counted(outcome.matches, 'match', 'matches')} in ${counted(outcome.files, 'file')}`
  const line = [`${found} (${searched})`, ...skipped].join('; ')
  const unit = request.mode === 'content' ? 'matches' : 'files'
  if (request.offset >= outcome.entries) {
    return `${line}.\n${fillText(texts.pastEnd, { offset: request.offset, total: outcome.entries, unit })}`
  }
  const last = request.offset + shown
  if (request.offset === 0 && last >= outcome.entries) return `${line}.`
  const range = { unit, from: request.offset + 1, to: last, total: outcome.entries }
  const more =
    last < outcome.entries ? fillText(texts.nextPage, { ...range, next: last }) : fillText(texts.lastPage, range)
  return `${line}.\n${more}`
}

function skippedNotes(outcome: SearchOutcome): string[] {
  const { binary, tooLarge, timedOut, unreadable } = outcome.skipped
  const megabytes = searchLimits.maxFileBytes / (1024 * 1024)
  return [
    binary > 0 ? `${counted(binary, 'binary file')} skipped` : '',
    tooLarge > 0 ? `${counted(tooLarge, 'file')} over ${megabytes} MB skipped` : '',
    timedOut > 0
      ? `${counted(timedOut, 'file')} only partly searched (the pattern was too slow on ${timedOut === 1 ? 'it' : 'them'})`
      : '',
    unreadable > 0 ? `${counted(unreadable, 'unreadable file')} skipped` : '',
  ].filter((note) => note !== '')
}
