/** One job whose `run` rejected (or whose `onTimeout`/`onCancel` threw). */
export interface JobFailure {
  readonly index: number
  readonly error: unknown
}

/**
 * Thrown by `scheduleJobs` once every job has settled, when at least one failed. Failures never
 * cancel sibling jobs, so the results of all the others are kept here.
 */
export class ScheduleError<T> extends AggregateError {
  override readonly name = 'ScheduleError'

  /** Results in job order; `undefined` at the index of each failed job. */
  readonly results: (T | undefined)[]
  /** The failed jobs in index order. */
  readonly failures: readonly JobFailure[]

  constructor(results: (T | undefined)[], failures: readonly JobFailure[]) {
    const summary = failures
      .map((f) => `#${f.index}: ${f.error instanceof Error ? f.error.message : String(f.error)}`)
      .join('; ')
    super(
      failures.map((f) => f.error),
      `${failures.length} of ${results.length} scheduled job${results.length === 1 ? '' : 's'} failed (${summary})`,
    )
    this.results = results
    this.failures = failures
  }
}
