/** Why a store operation failed. */
export type StoreErrorCode =
  /** The database file cannot be opened or set up (not a database, no WAL support, no permission). */
  | 'store.open_failed'
  /** The database was written by a newer toolhost (or its migration history differs from this one's). */
  | 'store.schema_mismatch'
  /** A migration step failed; the database stays at the last version that applied. */
  | 'store.migration_failed'
  /** A row holds a value that does not fit its column (bad JSON, wrong shape). */
  | 'store.corrupt_row'
  /** No record with that id. */
  | 'store.not_found'
  /** The record is not in the state the operation needs (e.g. resolving a decided approval). */
  | 'store.conflict'
  /** An argument cannot be stored (an unsafe id, a value JSON cannot represent, a bad event). */
  | 'store.invalid_value'

/**
 * A failure of the store. Storage errors end the run (DESIGN §9), so the message names the table,
 * the row and what is wrong, for the person reading the log.
 */
export class StoreError extends Error {
  override readonly name = 'StoreError'
  readonly code: StoreErrorCode

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
