/**
 * Calls `fn` on the items of `source` with at most `limit` calls running, and yields the results in
 * the order of the items — so output stays deterministic while file reads overlap. A new call
 * starts as soon as any call ends, not only the oldest, so one slow file does not idle the rest.
 * Results wait for their turn in a bounded buffer. Stopping early (breaking out of the loop)
 * stops pulling items; calls already running finish on their own.
 */
export async function* mapOrdered<T, R>(
  source: AsyncIterable<T> | Iterable<T>,
  limit: number,
  fn: (item: T) => Promise<R>,
): AsyncGenerator<R, void, undefined> {
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : toAsync(source[Symbol.iterator]())
  const maxWaiting = limit * 8
  const queue: Promise<R>[] = []
  let running = 0
  let exhausted = false
  let pulling = false
  let failure: { error: unknown } | undefined
  let wake: (() => void) | undefined
  const notify = () => {
    wake?.()
    wake = undefined
  }

  // Pulls items and starts calls while there is room; re-entered whenever a call ends or a result is taken.
  const pump = async () => {
    if (pulling) return
    pulling = true
    try {
      while (!exhausted && running < limit && queue.length < maxWaiting) {
        const next = await iterator.next()
        if (next.done === true) exhausted = true
        if (exhausted) break
        running++
        const call = fn(next.value)
        // Marked handled now; a rejection surfaces when this result's turn comes.
        call.then(
          () => callEnded(),
          () => callEnded(),
        )
        queue.push(call)
        notify()
      }
    } catch (error) {
      failure = { error }
      exhausted = true
    } finally {
      pulling = false
      notify()
    }
  }
  const callEnded = () => {
    running--
    void pump()
  }

  try {
    void pump()
    for (;;) {
      const head = queue.shift()
      if (head !== undefined) {
        void pump()
        yield await head
      } else if (exhausted && !pulling) {
        if (failure !== undefined) throw failure.error
        return
      } else {
        await new Promise<void>((resolve) => (wake = resolve))
      }
    }
  } finally {
    if (!exhausted) {
      exhausted = true
      await iterator.return?.()
    }
  }
}

function toAsync<T>(iterator: Iterator<T>): AsyncIterator<T> {
  return { next: async () => iterator.next() }
}
