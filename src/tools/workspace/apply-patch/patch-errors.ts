import { ToolError } from '../../../core/tool-error.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { closestLines, findContext, type ContextMatch } from './find-context.js'

const texts = {
  invalid: loadText(import.meta.url, 'texts/patch-invalid.txt'),
  contextNotFound: loadText(import.meta.url, 'texts/context-not-found.txt'),
  contextAmbiguous: loadText(import.meta.url, 'texts/context-ambiguous.txt'),
  anchorNotFound: loadText(import.meta.url, 'texts/anchor-not-found.txt'),
  fileNotFound: loadText(import.meta.url, 'texts/file-not-found.txt'),
  notAFile: loadText(import.meta.url, 'texts/not-a-file.txt'),
  fileExists: loadText(import.meta.url, 'texts/file-exists.txt'),
  pathTaken: loadText(import.meta.url, 'texts/path-taken.txt'),
  notText: loadText(import.meta.url, 'texts/not-text.txt'),
  fileChanged: loadText(import.meta.url, 'texts/file-changed.txt'),
  partlyApplied: loadText(import.meta.url, 'texts/partly-applied.txt'),
}

// Longest excerpt of lines an error message shows.
const maxShownLines = 30

/** `patch.invalid`: a syntax error at a 1-based patch line, with a small valid example. */
export function invalidPatch(line: number, problem: string): ToolError {
  return new ToolError('patch.invalid', fillText(texts.invalid, { line, problem }), { line })
}

/** Where in which file a hunk was searched for, for the context errors. */
export interface HunkSearch {
  readonly path: string
  /** 1-based number of the hunk within its file's section. */
  readonly hunk: number
  readonly patchLine: number
  /** The file's lines (without terminators). */
  readonly fileLines: readonly string[]
  /** 0-based index the search started at (the end of the previous hunk). */
  readonly from: number
  readonly atEnd: boolean
}

/** `patch.context_not_found`: the hunk's context and removed lines are not in the file. */
export function contextNotFound(search: HunkSearch, needle: readonly string[], shown: readonly string[]): ToolError {
  return new ToolError(
    'patch.context_not_found',
    fillText(texts.contextNotFound, {
      ...placeholders(search),
      expected: excerpt(shown),
      hint: missingHint(search, needle),
    }),
    { path: search.path, hunk: search.hunk, reason: 'missing' },
  )
}

/** `patch.context_not_found` for lines (or an `@@` anchor) that match more than one place. */
export function contextAmbiguous(
  search: HunkSearch,
  match: Extract<ContextMatch, { kind: 'ambiguous' }>,
  shown: readonly string[],
): ToolError {
  const places = match.indices.map((index) => index + 1).join(', ') + (match.count > match.indices.length ? ', …' : '')
  return new ToolError(
    'patch.context_not_found',
    fillText(texts.contextAmbiguous, { ...placeholders(search), count: match.count, places, expected: excerpt(shown) }),
    { path: search.path, hunk: search.hunk, reason: 'ambiguous' },
  )
}

/** `patch.context_not_found` for an `@@ <anchor>` line that is not in the file. */
export function anchorNotFound(search: HunkSearch, anchor: string): ToolError {
  return new ToolError('patch.context_not_found', fillText(texts.anchorNotFound, { ...placeholders(search), anchor }), {
    path: search.path,
    hunk: search.hunk,
    reason: 'anchor',
  })
}

/** `patch.file_not_found`: an update or delete of a path where there is no file. */
export function fileNotFound(path: string, verb: 'update' | 'delete'): ToolError {
  return new ToolError('patch.file_not_found', fillText(texts.fileNotFound, { path, verb }), { path })
}

/** `patch.file_not_found` for an update or delete of a directory or special file. */
export function notAFile(path: string): ToolError {
  return new ToolError('patch.file_not_found', fillText(texts.notAFile, { path }), { path })
}

/** `patch.file_exists`: an add over an existing file. */
export function fileExists(path: string): ToolError {
  return new ToolError('patch.file_exists', fillText(texts.fileExists, { path }), { path })
}

/** `patch.file_exists` for a file that cannot be created where a directory (or a file above it) stands. */
export function pathTaken(path: string, reason: string): ToolError {
  return new ToolError('patch.file_exists', fillText(texts.pathTaken, { path, reason }), { path })
}

/** `patch.not_text`: hunks for a file that is not UTF-8 text. */
export function notText(path: string): ToolError {
  return new ToolError('patch.not_text', fillText(texts.notText, { path }), { path })
}

/** `workspace.file_changed`: a file differs from what validation read, found just before writing it. */
export function fileChanged(path: string): ToolError {
  return new ToolError('workspace.file_changed', fillText(texts.fileChanged, { path }), { path })
}

/** The same error, telling the model which changes were made before it and which were not. */
export function partlyApplied(error: ToolError, done: readonly string[], pending: readonly string[]): ToolError {
  const list = (items: readonly string[]) => (items.length === 0 ? 'nothing' : items.join(', '))
  const message = fillText(texts.partlyApplied, { message: error.message, done: list(done), pending: list(pending) })
  return new ToolError(error.code, message, { ...error.details, done, pending })
}

function placeholders(search: HunkSearch): Record<string, string | number> {
  const where = search.atEnd ? ' at its end (*** End of File)' : search.from > 0 ? ` after line ${search.from}` : ''
  return { path: search.path, hunk: search.hunk, line: search.patchLine, where }
}

/** Why the lines may be missing: they stand before the previous hunk, or the closest lines differ. */
function missingHint(search: HunkSearch, needle: readonly string[]): string {
  const earlier = findContext(search.fileLines, needle, { from: 0, first: true })
  if (earlier.kind === 'found' && earlier.index < search.from) {
    return `These lines are at line ${earlier.index + 1}, above where this hunk may start (after the previous hunk and its "@@" line); hunks must follow the order of the file and must not overlap.\n`
  }
  const closest = closestLines(search.fileLines, needle)
  if (closest === undefined) return ''
  const numbered = search.fileLines
    .slice(closest, closest + needle.length)
    .map((text, i) => `${closest + i + 1}: ${text}`)
  return `The closest lines in the file are:\n${excerpt(numbered)}\n`
}

function excerpt(lines: readonly string[]): string {
  const shown = lines.slice(0, maxShownLines).map((line) => `  ${line}`)
  if (lines.length > maxShownLines) shown.push(`  … ${lines.length - maxShownLines} more lines`)
  return shown.join('\n')
}
