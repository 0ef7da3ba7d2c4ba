/** A problem found while checking a tool's input, with where it is. */
export interface InputProblem {
  /** Dotted path of the offending value, empty for the root. */
  readonly path: string
  readonly message: string
}

/** The outcome of validating a call's input. */
export type InputValidation =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly problems: readonly InputProblem[] }
