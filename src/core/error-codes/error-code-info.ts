/**
 * What happens when a code is raised. `recoverable`: the call ends in an error result the model
 * reads and can act on. `fatal`: the run ends. `diagnostic`: a note for the person while tools or
 * skills load (the tool or skill is left out or changed); the model never sees it.
 */
export type ErrorKind = 'recoverable' | 'fatal' | 'diagnostic'

/** One registered code. */
export interface ErrorCodeInfo {
  readonly kind: ErrorKind
  /** One line for people: when the code is raised. */
  readonly meaning: string
  /** The model-facing texts that explain it to the model, relative to `src/` (none for fatal and diagnostic codes). */
  readonly texts?: readonly string[]
}

/** A table of codes, one data file per area. Codes are `namespace.name`, lower case. */
export type ErrorCodeTable = Readonly<Record<`${string}.${string}`, ErrorCodeInfo>>
