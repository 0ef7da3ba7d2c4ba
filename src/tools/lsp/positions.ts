/**
 * The tools speak 1-based lines and columns, a column counting characters (code points) as the
 * model reads them; LSP speaks 0-based lines and UTF-16 code-unit offsets.
 */

/** A position as LSP sends it. */
export interface LspPosition {
  readonly line: number
  readonly character: number
}

/** A range as LSP sends it. */
export interface LspRange {
  readonly start: LspPosition
  readonly end: LspPosition
}

/** Lines as LSP counts them: split at `\r\n`, `\r` and `\n`. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/)
}

/** How many characters (code points) a line has. */
export function characterCount(line: string): number {
  let count = 0
  for (const _ of line) count++
  return count
}

/**
 * The UTF-16 offset of a 1-based column (in code points) of `line`.
 * @example utf16Offset('😀x', 2) // 2
 */
export function utf16Offset(line: string, column: number): number {
  let offset = 0
  let seen = 1
  for (const char of line) {
    if (seen >= column) break
    offset += char.length
    seen++
  }
  return offset
}

/**
 * The 1-based column (in code points) of a UTF-16 offset in `line`; an offset inside a surrogate
 * pair counts as its character, one past the end as the end.
 * @example columnOf('😀x', 2) // 2
 */
export function columnOf(line: string, character: number): number {
  let offset = 0
  let column = 1
  for (const char of line) {
    if (offset + char.length > character) return column
    offset += char.length
    column++
  }
  return column + Math.max(0, character - offset)
}
