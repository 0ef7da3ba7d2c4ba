import { LineBreakTolerantPattern } from './find-matches.js'
import { dominantLineEnding, toLf, withLineEnding, type LineEnding } from './line-endings.js'

/** One exact-text replacement, as the edit tools take it. */
export interface TextEdit {
  readonly old_string: string
  readonly new_string: string
  readonly replace_all?: boolean | undefined
}

/** Lines `first` to `last` (1-based, inclusive). */
export interface LineRange {
  readonly first: number
  readonly last: number
}

/** A replacement's lines before (`from`) and after (`to`) it was made. */
export interface ReplacedLines {
  readonly from: LineRange
  readonly to: LineRange
}

/** The text after one edit, and where it changed. */
export interface AppliedEdit {
  readonly text: string
  readonly replaced: readonly ReplacedLines[]
}

/** Why an edit cannot be applied; the tools turn it into a message. */
export type EditProblem =
  | { readonly kind: 'no_change' }
  | { readonly kind: 'empty_old_string' }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'not_unique'; readonly count: number; readonly lines: readonly number[] }

/** Thrown by {@link applyEdit}. */
export class EditFailure extends Error {
  override readonly name = 'EditFailure'
  readonly problem: EditProblem
  constructor(problem: EditProblem) {
    super(problem.kind)
    this.problem = problem
  }
}

// Enough match positions to show the model where a non-unique old_string occurs.
const shownOccurrences = 10

/**
 * Applies one edit to a file's text (without BOM). `old_string` must occur exactly once (counting
 * overlapping occurrences) unless `replace_all`. Line breaks of both strings are the model's `\n`:
 * each matches CRLF or LF, and the replacement takes the line ending of the text it replaces (the
 * file's dominant one when that text has no line break), so bytes outside the match never change.
 * An empty `old_string` fills an empty text.
 * @throws EditFailure
 */
export function applyEdit(text: string, edit: TextEdit): AppliedEdit {
  const oldLf = toLf(edit.old_string)
  const newLf = toLf(edit.new_string)
  if (oldLf === newLf) throw new EditFailure({ kind: 'no_change' })
  if (oldLf === '') {
    if (text !== '') throw new EditFailure({ kind: 'empty_old_string' })
    // A new or empty file gets new_string exactly as written: there are no line endings to follow.
    return { text: edit.new_string, replaced: [{ from: { first: 1, last: 1 }, to: spanOf(1, edit.new_string) }] }
  }
  const pattern = new LineBreakTolerantPattern(oldLf)
  const matches = edit.replace_all === true ? pattern.disjoint(text) : pattern.all(text, shownOccurrences)
  if (matches.length === 0) throw new EditFailure({ kind: 'not_found' })
  if (matches.length > 1 && edit.replace_all !== true) {
    const count = pattern.all(text).length
    throw new EditFailure({
      kind: 'not_unique',
      count,
      lines: lineNumbersOf(
        text,
        matches.map((m) => m.start),
      ),
    })
  }
  const fallback = dominantLineEnding(text)
  const pieces: string[] = []
  const replaced: ReplacedLines[] = []
  let position = 0
  let inLine = 1
  let outLine = 1
  for (const { start, end } of matches) {
    const before = text.slice(position, start)
    inLine += countBreaks(before)
    outLine += countBreaks(before)
    const matched = text.slice(start, end)
    const replacement = withLineEnding(newLf, endingOf(matched, fallback))
    replaced.push({ from: spanOf(inLine, matched), to: spanOf(outLine, replacement) })
    pieces.push(before, replacement)
    inLine += countBreaks(matched)
    outLine += countBreaks(replacement)
    position = end
  }
  pieces.push(text.slice(position))
  return { text: pieces.join(''), replaced }
}

function endingOf(matched: string, fallback: LineEnding): LineEnding {
  if (matched.includes('\r\n')) return '\r\n'
  return matched.includes('\n') ? '\n' : fallback
}

/** The lines a piece of text starting at `line` covers; a final line break does not start another. */
function spanOf(line: number, piece: string): LineRange {
  const breaks = countBreaks(piece)
  return { first: line, last: line + Math.max(0, piece.endsWith('\n') ? breaks - 1 : breaks) }
}

function countBreaks(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
  return count
}

function lineNumbersOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = []
  let line = 1
  let position = 0
  for (const offset of offsets) {
    line += countBreaks(text.slice(position, offset))
    position = offset
    lines.push(line)
  }
  return lines
}
