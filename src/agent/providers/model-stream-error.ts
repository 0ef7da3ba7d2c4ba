/**
 * A model turn that failed while streaming: the provider sent an `error` part (kept as `cause`,
 * so retry logic can read its `isRetryable`), or the stream ended without a `finish`.
 */
export class ModelStreamError extends Error {
  override readonly name: string = 'ModelStreamError'
  /** True when trying the turn again may succeed (a cut stream, a retryable provider error). */
  readonly retryable: boolean

  constructor(message: string, options: { cause?: unknown; retryable: boolean }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.retryable = options.retryable
  }
}
