/** True for the errors an abort produces (`AbortError` from fetch, streams and toolhost). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')
}

/** The `AbortError` toolhost rejects with when a signal stops model work; the signal's reason is its `cause`. */
export function abortError(signal: AbortSignal | undefined, what = 'the model turn'): Error {
  const error = new DOMException(`${what} was aborted`, 'AbortError')
  if (signal?.reason !== undefined)
    Object.defineProperty(error, 'cause', { value: signal.reason, enumerable: false, configurable: true })
  return error
}

/** A promise that rejects with {@link abortError} when `signal` aborts, plus the cleanup that detaches it. */
export function abortPromise(
  signal: AbortSignal | undefined,
  what?: string,
): { promise: Promise<never>; dispose: () => void } {
  if (signal === undefined) return { promise: new Promise<never>(() => {}), dispose: () => {} }
  let onAbort = (): void => {}
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal, what))
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  promise.catch(() => {})
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) }
}

/** True when `signal` is given and aborted (a function, so TypeScript does not narrow `aborted`). */
export function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true
}
