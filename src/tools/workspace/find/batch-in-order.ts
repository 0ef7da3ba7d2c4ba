import { mapOrdered } from './ordered-pool.js'

/** How a batch of items is done: on the calling thread, or by worker threads when there are any. */
export interface BatchPlaces<T, R> {
  /**
   * Items in a batch: enough that a message to a worker costs little beside the batch's work, few
   * enough to share the work evenly. The first batch is done inline: a call over a few files ends
   * before a worker could start.
   */
  readonly batchItems: number
  readonly inline: (batch: readonly T[]) => Promise<R[]>
  /** Rejects when the workers cannot do the batch; it is then done inline. */
  readonly pooled: ((batch: readonly T[]) => Promise<R[]>) | undefined
  /** Batches in progress or done ahead of the one the caller waits for. */
  readonly lookahead: number
}

/**
 * Maps the items of `runs` (runs of items, as a walk gives them) in batches and yields each batch
 * with its results (one per item), in order, while later batches are done ahead: a step of the
 * generator per batch, not per item. The first batch is done inline,
 * the rest by `pooled`; a batch it rejects is done inline, unless `signal` has aborted. Breaking out
 * of the loop stops starting batches.
 */
export async function* mapInBatches<T, R>(
  runs: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  places: BatchPlaces<T, R>,
  signal: AbortSignal | undefined,
): AsyncGenerator<readonly [readonly T[], readonly R[]], void, undefined> {
  const { inline, pooled } = places
  let index = 0
  const doBatch = async (batch: readonly T[]): Promise<readonly [readonly T[], R[]]> => {
    if (pooled === undefined || index++ === 0) return [batch, await inline(batch)]
    try {
      return [batch, await pooled(batch)]
    } catch {
      signal?.throwIfAborted()
      return [batch, await inline(batch)]
    }
  }
  const lookahead = pooled === undefined ? 1 : places.lookahead
  yield* mapOrdered(batches(runs, places.batchItems), lookahead, doBatch)
}

/** The items of `runs` in batches of `batchItems`, the last one shorter. */
async function* batches<T>(
  runs: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  batchItems: number,
): AsyncGenerator<T[], void, undefined> {
  let batch: T[] = []
  for await (const run of runs) {
    for (const item of run) {
      batch.push(item)
      if (batch.length === batchItems) {
        yield batch
        batch = []
      }
    }
  }
  if (batch.length > 0) yield batch
}
