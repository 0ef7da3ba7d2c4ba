import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite'
import type { z } from 'zod'
import { prettifyError } from 'zod'
import { StoreError } from './store-error.js'

/** A row as `node:sqlite` returns it. */
export type Row = Record<string, SQLOutputValue>

/**
 * Reads the columns of one row with their expected types. A value that does not fit becomes a
 * `store.corrupt_row` error naming the table, the row and the column, instead of a crash later in
 * code that trusted it.
 */
export class RowReader {
  readonly #row: Row
  readonly #where: string

  /** @param where names the row in messages, e.g. `events row seq=12` */
  constructor(row: Row, where: string) {
    this.#row = row
    this.#where = where
  }

  text(column: string): string {
    const value = this.#row[column]
    if (typeof value !== 'string') throw this.#corrupt(column, `expected text, found ${describe(value)}`)
    return value
  }

  textOrNull(column: string): string | null {
    return this.#row[column] === null ? null : this.text(column)
  }

  integer(column: string): number {
    const value = this.#row[column]
    if (typeof value !== 'number' || !Number.isSafeInteger(value))
      throw this.#corrupt(column, `expected an integer, found ${describe(value)}`)
    return value
  }

  integerOrNull(column: string): number | null {
    return this.#row[column] === null ? null : this.integer(column)
  }

  bytes(column: string): Uint8Array {
    const value = this.#row[column]
    if (!(value instanceof Uint8Array)) throw this.#corrupt(column, `expected a blob, found ${describe(value)}`)
    return value
  }

  /** One of `allowed`, for columns with a CHECK (…IN…) constraint. */
  oneOf<const T extends string>(column: string, allowed: readonly T[]): T {
    const value = this.text(column)
    if (!(allowed as readonly string[]).includes(value))
      throw this.#corrupt(column, `"${value}" is not one of ${allowed.join(', ')}`)
    return value as T
  }

  /** Parses a JSON column; with a schema, also checks its shape. */
  json(column: string): unknown
  json<T>(column: string, schema: z.ZodType<T>): T
  json<T>(column: string, schema?: z.ZodType<T>): unknown {
    const source = this.text(column)
    let value: unknown
    try {
      value = JSON.parse(source)
    } catch (error) {
      throw this.#corrupt(column, `invalid JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    if (schema === undefined) return value
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw this.#corrupt(column, `unexpected shape:\n${prettifyError(parsed.error)}`)
    return parsed.data
  }

  #corrupt(column: string, problem: string): StoreError {
    return new StoreError('store.corrupt_row', `${this.#where}, column ${column}: ${problem}`)
  }
}

/** Serializes a value for a JSON column; refuses what JSON cannot hold instead of storing `null`. */
export function toJson(value: unknown, what: string): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (error) {
    throw new StoreError(
      'store.invalid_value',
      `${what} cannot be stored as JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
  if (text === undefined)
    throw new StoreError('store.invalid_value', `${what} cannot be stored as JSON: it is ${typeof value}`)
  return text
}

function describe(value: SQLOutputValue | undefined): string {
  if (value === undefined) return 'no such column'
  if (value === null) return 'NULL'
  if (value instanceof Uint8Array) return 'a blob'
  return typeof value
}

/**
 * Runs a write statement with a RETURNING clause and gives its first row. Always use this, never
 * `get()`, for writes: `get()` stops after one row and resets the statement, and SQLite then commits
 * without calling the WAL hook, so automatic checkpoints never run and the `-wal` file grows without
 * bound (measured: 18 kB per event, never reclaimed while the process lives).
 */
export function runReturning(statement: StatementSync, ...params: SQLInputValue[]): Row | undefined {
  return statement.all(...params)[0]
}
