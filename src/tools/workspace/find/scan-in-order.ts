import { mapInBatches } from './batch-in-order.js'
import type { FileScan, ScanOptions } from './scan-file.js'
import type { FsPace } from './fs-pace.js'
import { mapOrdered } from './ordered-pool.js'
import type { ScanPool } from './scan-pool.js'

/** Files read at once on the calling thread (through the thread pool, when reads are slow). */
const inlineConcurrency = 16

/** Where the files of a search are read and searched. */
export interface ScanPlaces {
  /** The calling thread's file access, for the first files and when the pool fails. */
  readonly pace: FsPace
  /** Worker threads for the rest; without it every file is searched on the calling thread. */
  readonly pool: ScanPool | undefined
}

/**
 * Searches the files of `files` (runs of files, each with a `realPath` to read) and yields them in
 * batches with their scans, in the order of `files`, while later files are searched ahead in worker threads.
 * A batch the pool cannot take (no worker could start, one failed) is searched on the calling
 * thread instead. Breaking out of the loop stops sending batches; an abort of `signal` stops the
 * workers' part.
 */
export function scanInOrder<T extends { readonly realPath: string }>(
  files: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  options: ScanOptions,
  places: ScanPlaces,
  signal: AbortSignal,
): AsyncGenerator<readonly [readonly T[], readonly FileScan[]], void, undefined> {
  const { pace, pool } = places
  return mapInBatches(
    files,
    {
      inline: async (batch) => {
        const scans: FileScan[] = []
        for await (const scan of mapOrdered(batch, inlineConcurrency, (file) => pace.scan(file.realPath, options)))
          scans.push(scan)
        return scans
      },
      pooled:
        pool &&
        ((batch) =>
          pool.scan(
            batch.map((file) => file.realPath),
            options,
            signal,
          )),
      batchItems: 64,
      lookahead: (pool?.size ?? 1) * 4,
    },
    signal,
  )
}
