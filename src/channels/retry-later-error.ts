/**
 * A delivery the chat app asked to have retried later (Telegram's 429 with `retry_after`). Thrown
 * from `Channel.send`; the daemon's backoff should wait at least `retryAfterMs` before the next try.
 */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError'
  /** How long the app asked to wait, in milliseconds. */
  readonly retryAfterMs: number
  constructor(message: string, retryAfterMs: number, options?: { cause?: unknown }) {
    super(message, options)
    this.retryAfterMs = retryAfterMs
  }
}
