import type { FatalErrorCode, ToolErrorCode } from './error-codes.js'

/**
 * A problem the model can fix. Thrown by a tool's `call`, it becomes an error result with this code
 * and message; anything else a tool throws is a runtime failure that ends the run. toolhost's own
 * tools use registered codes (`src/core/error-codes.ts`); other tools may use codes of their own.
 *
 * @example throw new ToolError('dice.bad_formula', 'Use a formula like 2d6+3.')
 */
export class ToolError extends Error {
  override readonly name = 'ToolError'
  /** A dotted code such as `tool.invalid_arguments` or `dice.bad_formula`. */
  readonly code: ToolErrorCode
  /** Details kept for records, never shown to the model. */
  readonly details?: Record<string, unknown>
  constructor(code: ToolErrorCode, message: string, details?: Record<string, unknown>) {
    super(message)
    this.code = code
    if (details !== undefined) this.details = details
  }
}

/** A failure that ends the run (for example a turn built on another snapshot). */
export class FatalToolHostError extends Error {
  override readonly name = 'FatalToolHostError'
  readonly code: FatalErrorCode
  constructor(code: FatalErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
