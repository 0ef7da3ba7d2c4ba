import type { ErrorCode } from '../core/error-codes.js'

/** Why a store operation failed: the `store.*` codes of the registry (`src/core/error-codes/`). */
export type StoreErrorCode = Extract<ErrorCode, `store.${string}`>

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
