import { ModelTimeoutError, type ModelTimeoutPhase } from './model-timeout-error.js'

/** The default of `agent.streamIdleTimeoutSec`: how long a model call may stay silent. */
export const defaultStreamIdleTimeoutSec = 120

/**
 * Fails a model call that stays silent for `ms`: {@link touch} on every sign of life (the response
 * headers, each stream part). When it fires, `signal` aborts the request with a
 * {@link ModelTimeoutError} and `expired` rejects with it.
 */
export class IdleWatchdog {
  readonly #ms: number
  readonly #controller = new AbortController()
  #timer: ReturnType<typeof setTimeout> | undefined
  #reject: (error: ModelTimeoutError) => void = () => {}
  #phase: ModelTimeoutPhase = 'first-byte'
  /** Rejects with the timeout when the call stays silent too long; never resolves. */
  readonly expired: Promise<never>
  /** The timeout, once it fired. */
  error: ModelTimeoutError | undefined

  constructor(ms: number) {
    this.#ms = ms
    this.expired = new Promise<never>((_, reject) => (this.#reject = reject))
    this.expired.catch(() => {})
    this.touch()
  }

  /** Aborts when the watchdog fires, for the provider's request. */
  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** The response has begun: later silences are mid-stream ones. */
  responding(): void {
    this.#phase = 'mid-stream'
    this.touch()
  }

  /** Something arrived: the silence starts over. */
  touch(): void {
    if (this.error !== undefined) return
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.#fire(), this.#ms)
  }

  dispose(): void {
    clearTimeout(this.#timer)
  }

  #fire(): void {
    this.error = new ModelTimeoutError(Math.round(this.#ms) / 1000, this.#phase)
    this.#reject(this.error)
    this.#controller.abort(this.error)
  }
}
