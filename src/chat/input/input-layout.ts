import stringWidth from 'string-width'
import type { EditorState } from './editor-state.js'

/** How the cursor is drawn: over a character (inverse video), as a bar between characters, or not at all. */
export type CursorStyle = 'inverse' | 'bar' | 'none'

/** A run of text on one screen row; `cursor` marks the cursor's cell. */
export interface InputSegment {
  readonly text: string
  readonly cursor: boolean
}

/** One screen row of the input. */
export interface InputRow {
  /** `first` starts the buffer's first line (it gets the prompt); the rest are indented. */
  readonly lead: 'first' | 'continuation'
  readonly segments: readonly InputSegment[]
}

/** The rows to draw, and whether part of the buffer is left out. */
export interface InputLayout {
  readonly rows: readonly InputRow[]
  /** Lines in the buffer when not all of it is drawn (for a `(N lines)` note); otherwise `undefined`. */
  readonly totalLines: number | undefined
}

/** How to lay the buffer out. */
export interface LayoutOptions {
  /** Columns for the text, the prompt's width already taken off. */
  readonly width: number
  readonly cursor: CursorStyle
  /** Most screen rows drawn; a larger buffer shows the part around the cursor. Default 10. */
  readonly maxRows?: number
}

/** Drawn for a tab, which the terminal would otherwise expand to an unknown width. */
const tabText = '    '
/** Drawn where a line is cut short. */
const ellipsis = '…'

type Cell = { readonly text: string; readonly width: number; readonly cursor: boolean }

/**
 * Lays the buffer out in screen rows of at most `width` columns, wrapping long lines by character
 * width (CJK and emoji take two columns). At most `maxRows` rows are drawn, the cursor's among
 * them: the last lines when the cursor is there, else the lines from the cursor's on. Only a
 * window around the cursor of a very long line is measured, so a 1 MB line or 100,000 lines cost
 * the same as a screenful.
 *
 * @example
 * inputLayout({ lines: ['hello'], row: 0, column: 5 }, { width: 80, cursor: 'inverse' }).rows
 * // [{ lead: 'first', segments: [{ text: 'hello', cursor: false }, { text: ' ', cursor: true }] }]
 */
export function inputLayout(state: EditorState, options: LayoutOptions): InputLayout {
  const width = Math.max(2, options.width)
  const maxRows = Math.max(1, options.maxRows ?? 10)
  const total = state.lines.length
  const first = state.row >= total - maxRows ? Math.max(0, total - maxRows) : state.row
  const last = Math.min(total, first + maxRows)
  const rows: { lead: InputRow['lead']; cells: Cell[]; hasCursor: boolean }[] = []
  let cut = first > 0 || last < total
  for (let index = first; index < last; index++) {
    const line = state.lines[index] ?? ''
    const cursorColumn = index === state.row && options.cursor !== 'none' ? state.column : undefined
    const { cells, shortened } = lineCells(line, cursorColumn, options.cursor, width * maxRows)
    cut ||= shortened
    wrapCells(cells, width).forEach((rowCells, wrapIndex) => {
      rows.push({
        lead: index === 0 && wrapIndex === 0 ? 'first' : 'continuation',
        cells: rowCells,
        hasCursor: rowCells.some((cell) => cell.cursor),
      })
    })
  }
  let shown = rows
  if (rows.length > maxRows) {
    cut = true
    const cursorRow = rows.findIndex((row) => row.hasCursor)
    shown =
      cursorRow === -1 || cursorRow >= rows.length - maxRows
        ? rows.slice(-maxRows)
        : rows.slice(cursorRow, cursorRow + maxRows)
  }
  return {
    rows: shown.map((row) => ({ lead: row.lead, segments: segmentsOf(row.cells) })),
    totalLines: cut ? total : undefined,
  }
}

/** The cells of one line, at most `limit` code points of it: its start, or around the cursor. */
function lineCells(
  line: string,
  cursorColumn: number | undefined,
  style: CursorStyle,
  limit: number,
): { cells: Cell[]; shortened: boolean } {
  // A line without the cursor shows its start only, so no more of it than that is split.
  const chars = Array.from(cursorColumn === undefined ? line.slice(0, 2 * limit) : line)
  const column = cursorColumn ?? 0
  const start = Math.max(0, Math.min(column - Math.floor(limit / 2), chars.length - limit))
  const end = Math.min(chars.length, start + limit)
  const cutAtEnd = end < chars.length || (cursorColumn === undefined && line.length > 2 * limit)
  const cells: Cell[] = []
  if (start > 0) cells.push({ text: ellipsis, width: 1, cursor: false })
  for (let index = start; index < end; index++) {
    const char = chars[index] ?? ''
    const onCursor = index === cursorColumn
    if (onCursor && style === 'bar') cells.push({ text: '▏', width: 1, cursor: true })
    const text = char === '\t' ? tabText : char
    cells.push({ text, width: stringWidth(text), cursor: onCursor && style === 'inverse' })
  }
  if (cursorColumn === chars.length) cells.push({ text: style === 'bar' ? '▏' : ' ', width: 1, cursor: true })
  if (cutAtEnd) cells.push({ text: ellipsis, width: 1, cursor: false })
  return { cells, shortened: start > 0 || cutAtEnd }
}

/** Splits cells into rows of at most `width` columns; an empty line is one empty row. */
function wrapCells(cells: readonly Cell[], width: number): Cell[][] {
  const rows: Cell[][] = [[]]
  let used = 0
  for (const cell of cells) {
    const row = rows[rows.length - 1] ?? []
    if (used + cell.width > width && row.length > 0) {
      rows.push([cell])
      used = cell.width
    } else {
      row.push(cell)
      used += cell.width
    }
  }
  return rows
}

function segmentsOf(cells: readonly Cell[]): InputSegment[] {
  const segments: InputSegment[] = []
  for (const cell of cells) {
    const previous = segments.at(-1)
    if (previous !== undefined && previous.cursor === cell.cursor && !cell.cursor) {
      segments[segments.length - 1] = { text: previous.text + cell.text, cursor: false }
    } else {
      segments.push({ text: cell.text, cursor: cell.cursor })
    }
  }
  return segments
}
