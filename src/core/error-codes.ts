/**
 * The error codes toolhost attaches to results and failures. Recoverable codes come back to the
 * model as results with `isError: true`; fatal codes end the run.
 */
export const recoverableErrorCodes = [
  'tool.invalid_arguments',
  'tool.outcome_unknown',
  'tool.unavailable',
  'model.unknown_tool_call',
  'agent.tool_budget_exhausted',
  'agent.tool_after_finish',
  'permission.denied',
] as const

export const fatalErrorCodes = ['tool.turn_snapshot_mismatch', 'model.tool_choice_violation'] as const

/** A code the model can act on, carried by an error result. */
export type RecoverableErrorCode = (typeof recoverableErrorCodes)[number]
/** A code that ends the run. */
export type FatalErrorCode = (typeof fatalErrorCodes)[number]
