import type { FatalErrorCode } from './error-codes.js'

/**
 * A problem the model can fix. Thrown by a tool's `call`, it becomes an error result with this code
 * and message; anything else a tool throws is a runtime failure that ends the run.
 *
 * @example throw new ToolError('dice.bad_formula', 'Use a formula like 2d6+3.')
 */
export class ToolError extends Error {
  override readonly name = 'ToolError'
  /** A dotted code such as `tool.invalid_arguments` or `dice.bad_formula`. */
  readonly code: string
  /** Details kept for records, never shown to the model. */
  readonly details?: Record<string, unknown>
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message)
    this.code = code
    if (details !== undefined) this.details = details
  }
}

/** A failure that ends the run (for example a turn built on another snapshot). */
export class FatalToolHostError extends Error {
  override readonly name = 'FatalToolHostError'
  readonly code: FatalErrorCode | (string & {})
  constructor(code: FatalErrorCode | (string & {}), message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
