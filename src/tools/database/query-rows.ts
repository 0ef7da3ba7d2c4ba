/**
 * What a database returns for one statement, the same for SQLite and PostgreSQL: cells are plain
 * JSON values, so they travel from the SQLite process and into the audit as they are. This module
 * has no imports: the SQLite process loads it too.
 */

/** A cell: NULL, a number, a boolean, or text (binary values are written `<N bytes>`). */
export type Cell = string | number | boolean | null

/** A column of a result: its name and, where the database says, its type. */
export interface Column {
  readonly name: string
  readonly type: string
}

/** The rows of one statement, at most its limit. */
export interface QueryRows {
  readonly columns: readonly Column[]
  readonly rows: readonly (readonly Cell[])[]
  /** More rows exist than were returned (the limit was reached, or the result was cut for size). */
  readonly truncated: boolean
  /** The result was cut before the limit because its text grew too large. */
  readonly cutForSize: boolean
  /** How long the statement ran, in milliseconds. */
  readonly durationMs: number
}

/** One statement to run: text, parameters (bound, never spliced in) and the most rows to return. */
export interface StatementRequest {
  readonly sql: string
  readonly params: readonly (string | null)[]
  readonly limit: number
}

/** Characters of a text cell kept; the rest is replaced by a note of the full length. */
export const maxCellChars = 2_000

/** Characters of cell text one result may hold before its rows are cut. */
export const maxResultChars = 2_000_000

/** A text cell cut to {@link maxCellChars}. */
export function textCell(text: string): string {
  return text.length > maxCellChars ? `${text.slice(0, maxCellChars)}… (${text.length} characters)` : text
}

/** A binary value as a cell: its size only. */
export function binaryCell(byteLength: number): string {
  return `<${byteLength} bytes>`
}

/**
 * Collects rows up to `limit`, noting whether more exist (`limit + 1` rows seen) and cutting early
 * when the cells' text passes {@link maxResultChars}.
 */
export class RowCollector {
  readonly rows: Cell[][] = []
  truncated = false
  cutForSize = false
  #chars = 0
  readonly #limit: number

  constructor(limit: number) {
    this.#limit = limit
  }

  /** Adds a row; false when no more are wanted. */
  add(row: Cell[]): boolean {
    if (this.rows.length >= this.#limit) {
      this.truncated = true
      return false
    }
    for (const cell of row) this.#chars += typeof cell === 'string' ? cell.length : 8
    if (this.#chars > maxResultChars && this.rows.length > 0) {
      this.truncated = true
      this.cutForSize = true
      return false
    }
    this.rows.push(row)
    return true
  }
}
