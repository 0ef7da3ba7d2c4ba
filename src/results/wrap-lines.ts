/**
 * Makes long text readable by lines. A tool that reads files in line ranges cannot page through a
 * single 2 MB line, so the file form of a result gets extra line breaks inside very long lines.
 */

/** Longest line, in UTF-16 code units, that a result file keeps without an inserted break. */
export const WRAP_WIDTH = 3000

/** A text split for writing, with the counts the model is told. */
export interface WrappedText {
  /** Consecutive pieces whose concatenation is the wrapped text; slices of the input, no copy of it. */
  readonly pieces: readonly string[]
  /** Lines of the wrapped text; a final line break does not start another line. */
  readonly lineCount: number
  /** How many line breaks were inserted. */
  readonly insertedBreaks: number
}

/**
 * Inserts line breaks into lines longer than `width`.
 *
 * Exactly: lines are delimited by `\n` (a `\r` before it counts as part of the line), and existing
 * breaks are kept. A line of at most `width` code units is unchanged. In a longer line a `\n` is
 * inserted after each `width` code units, counted from the start of the line or the previous
 * inserted break, for as long as more than `width` code units remain; so no break is added at the
 * line's end and every piece but the last has `width` code units. When a break would fall inside a
 * surrogate pair, it moves one code unit earlier, so that piece is one shorter.
 *
 * Runs in one pass; the result references the input instead of copying it.
 * @throws RangeError when width is below 2 (a surrogate pair must fit in a piece)
 */
export function wrapLongLines(text: string, width: number = WRAP_WIDTH): WrappedText {
  if (!Number.isSafeInteger(width) || width < 2)
    throw new RangeError(`width must be an integer of at least 2, got ${width}`)
  const pieces: string[] = []
  let copiedUpTo = 0 // text before this index is already in pieces
  let newlines = 0
  let insertedBreaks = 0
  let lineStart = 0
  for (;;) {
    const newline = text.indexOf('\n', lineStart)
    const lineEnd = newline === -1 ? text.length : newline
    let pieceStart = lineStart
    while (lineEnd - pieceStart > width) {
      const cut = safeCut(text, pieceStart + width)
      pieces.push(text.slice(copiedUpTo, cut), '\n')
      copiedUpTo = pieceStart = cut
      insertedBreaks += 1
    }
    if (newline === -1) break
    newlines += 1
    lineStart = newline + 1
  }
  if (copiedUpTo < text.length) pieces.push(text.slice(copiedUpTo))
  const totalBreaks = newlines + insertedBreaks
  const lineCount = text.length === 0 ? 0 : text.endsWith('\n') ? totalBreaks : totalBreaks + 1
  return { pieces, lineCount, insertedBreaks }
}

/**
 * The first `length` code units of a text, one fewer when the last would be the first half of a
 * surrogate pair, so a preview never ends in half a character.
 */
export function previewOf(text: string, length: number): string {
  if (text.length <= length) return text
  return text.slice(0, safeCut(text, length))
}

/** Moves a cut at `index` one code unit back when it would split a surrogate pair. */
function safeCut(text: string, index: number): number {
  return isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
