/** When a registration is paused. */
export interface CircuitBreakerOptions {
  /** Consecutive failures that pause a registration. */
  readonly failures: number
  /** How long a pause lasts. */
  readonly pauseMs: number
  readonly now: () => number
}

interface State {
  failures: number
  pausedUntil: number
}

/**
 * Counts consecutive failures of each registration (connect failures, timeouts, crashes) and
 * pauses one that keeps failing, so a dead server is not hammered on every call. A success resets
 * the count; a call after the pause is a trial whose failure pauses again.
 */
export class CircuitBreaker {
  readonly #options: CircuitBreakerOptions
  readonly #states = new Map<string, State>()

  constructor(options: CircuitBreakerOptions) {
    this.#options = options
  }

  /** Milliseconds the registration stays paused, or 0 when calls may go ahead. */
  pausedFor(id: string): number {
    const state = this.#states.get(id)
    return state === undefined ? 0 : Math.max(0, state.pausedUntil - this.#options.now())
  }

  succeeded(id: string): void {
    this.#states.delete(id)
  }

  failed(id: string): void {
    const state = this.#states.get(id) ?? { failures: 0, pausedUntil: 0 }
    state.failures += 1
    if (state.failures >= this.#options.failures) {
      state.pausedUntil = this.#options.now() + this.#options.pauseMs
      // After the pause, one more failure pauses again.
      state.failures = this.#options.failures - 1
    }
    this.#states.set(id, state)
  }
}
