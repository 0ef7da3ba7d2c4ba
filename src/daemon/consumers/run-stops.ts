/**
 * The runs this daemon process drives right now, each with the means to stop it on request (the
 * API's cancel). A run stopped this way ends `cancelled`; the daemon stopping is not a request and
 * goes through the delivery's own signal instead, so the run is resumed at the next start.
 *
 * @example
 * const stop = stops.track()
 * stops.name(stop, runId) // once the run id is known
 * stops.stop(runId) // true: the run driven here is told to stop
 */
export class RunStops {
  readonly #byRun = new Map<string, AbortController>()

  /** A new stop for a run about to be driven; its run id is given with {@link RunStops.name} once known. */
  track(): AbortController {
    return new AbortController()
  }

  /** Ties a stop to its run. */
  name(stop: AbortController, runId: string): void {
    this.#byRun.set(runId, stop)
  }

  /** Forgets the run once its driver is done with it. */
  done(stop: AbortController): void {
    for (const [runId, held] of this.#byRun) if (held === stop) this.#byRun.delete(runId)
  }

  /** Stops a run driven here; false when this process does not drive it. */
  stop(runId: string, reason = 'cancelled on request'): boolean {
    const stop = this.#byRun.get(runId)
    if (stop === undefined) return false
    stop.abort(new Error(reason))
    return true
  }

  /** True while this process drives the run. */
  drives(runId: string): boolean {
    return this.#byRun.has(runId)
  }
}
