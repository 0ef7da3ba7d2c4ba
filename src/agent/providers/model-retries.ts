import { APICallError } from '@ai-sdk/provider'
import { setTimeout as sleepFor } from 'node:timers/promises'
import { abortError, isAbortError, isAborted } from './abort-error.js'
import { describeModelError } from './describe-model-error.js'
import { ModelConfigError } from './model-config-error.js'
import { ModelStreamError } from './model-stream-error.js'
import { isLoopbackRefusal, isNetworkError } from './network-error.js'

/** Retries after the first try (DESIGN §13: "Model retries: 3, 3 s apart"): at most 4 calls. */
export const defaultModelRetries = 3

/** The wait between tries, in milliseconds. */
export const defaultModelRetryDelayMs = 3_000

/** What {@link withModelRetries} reports before it waits for the next try. */
export interface ModelRetryInfo {
  /** The retry about to happen: 1 for the first retry. */
  readonly attempt: number
  /** The failure, as one line for people. */
  readonly error: string
  readonly delayMs: number
}

/** Options of {@link withModelRetries}. */
export interface ModelRetryOptions {
  /** Retries after the first try; default 3 (so at most 4 tries). */
  readonly attempts?: number
  /** Wait before each retry; default 3,000 ms. */
  readonly delayMs?: number
  /** Stops the waiting (rejects with an `AbortError`); aborts are never retried. */
  readonly signal?: AbortSignal
  /** How to wait (tests inject one); must reject when `signal` aborts. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly onRetry?: (info: ModelRetryInfo) => void
}

/**
 * Runs `attempt`, and again after a failure that may pass on its own (see
 * {@link isRetryableModelError}): up to `attempts` retries (default 3) after the first try,
 * `delayMs` (default 3 s) apart. Other failures, and the last one, are thrown as they are.
 *
 * @example
 * const turn = await withModelRetries(() => streamTurn(model, { prompt, tools }), { onRetry: ({ attempt, error }) => console.warn(attempt, error) })
 */
export async function withModelRetries<T>(attempt: () => Promise<T>, options: ModelRetryOptions = {}): Promise<T> {
  const retries = Math.max(0, Math.floor(options.attempts ?? defaultModelRetries))
  const delayMs = Math.max(0, options.delayMs ?? defaultModelRetryDelayMs)
  const sleep = options.sleep ?? defaultSleep
  const { signal } = options
  for (let retry = 0; ; retry++) {
    if (isAborted(signal)) throw abortError(signal)
    try {
      return await attempt()
    } catch (error) {
      if (isAborted(signal)) throw isAbortError(error) ? error : abortError(signal)
      if (retry >= retries || !isRetryableModelError(error)) throw error
      options.onRetry?.({ attempt: retry + 1, error: describeModelError(error), delayMs })
      try {
        await sleep(delayMs, signal)
      } catch (sleepError) {
        if (isAborted(signal)) throw abortError(signal)
        throw sleepError
      }
    }
  }
}

/**
 * True for failures worth another try: provider errors marked retryable (HTTP 408, 409, 429,
 * 5xx; stream errors like `overloaded_error`), a stream cut off before its finish, and network
 * failures (`fetch failed`, ECONNRESET, ECONNREFUSED, timeouts), a model that stays silent past
 * `agent.streamIdleTimeoutSec`. Never aborts, configuration errors, client errors (400, 401, 403,
 * 404) or a connection refused on this machine (no local server listens: waiting will not help).
 */
export function isRetryableModelError(error: unknown): boolean {
  if (isAbortError(error) || error instanceof ModelConfigError || isLoopbackRefusal(error)) return false
  if (APICallError.isInstance(error)) return error.isRetryable
  if (error instanceof ModelStreamError) return error.retryable
  if (typeof error === 'object' && error !== null && 'isRetryable' in error && typeof error.isRetryable === 'boolean')
    return error.isRetryable
  return isNetworkError(error)
}

async function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  await sleepFor(ms, undefined, signal === undefined ? undefined : { signal })
}
