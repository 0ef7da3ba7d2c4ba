import { StoreError, type StoreErrorCode } from './store-error.js'

// Extended result codes of SQLite constraint failures (https://sqlite.org/rescode.html).
const codeByErrcode: ReadonlyMap<number, StoreErrorCode> = new Map([
  [275, 'store.invalid_value'], // SQLITE_CONSTRAINT_CHECK
  [787, 'store.not_found'], // SQLITE_CONSTRAINT_FOREIGNKEY: the referenced run or invocation is missing
  [1299, 'store.invalid_value'], // SQLITE_CONSTRAINT_NOTNULL
  [1555, 'store.conflict'], // SQLITE_CONSTRAINT_PRIMARYKEY
  [2067, 'store.conflict'], // SQLITE_CONSTRAINT_UNIQUE
])

/**
 * Turns a constraint failure into a StoreError that says what the caller did (`what`), keeping
 * SQLite's own message as the cause; other errors (I/O, busy, full disk) are returned unchanged so
 * that they propagate as they are.
 */
export function explainSqliteError(error: unknown, what: string): unknown {
  const errcode = (error as { errcode?: unknown } | null)?.errcode
  const code = typeof errcode === 'number' ? codeByErrcode.get(errcode) : undefined
  if (code === undefined) return error
  const detail = error instanceof Error ? error.message : String(error)
  return new StoreError(code, `${what}: ${detail}`, { cause: error })
}
