/**
 * Entry of a scan worker thread: does the batches of work sent by {@link ScanPool} and answers each
 * with one result per path. Reads are synchronous while fast (a worker holds up nobody), through
 * the thread pool and several at once when slow, as {@link FsPace} decides.
 */
import { statSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { FsPace } from './fs-pace.js'
import { mapOrdered } from './ordered-pool.js'
import {
  packedScan,
  pathSeparator,
  revivedOptions,
  type ScanBatchReply,
  type ScanBatchRequest,
} from './scan-protocol.js'

/** Files of a batch read at once once reads are slow. */
const slowConcurrency = 8

const port = parentPort
if (port === null) throw new Error('scan-worker runs as a worker thread')

port.on('message', (request: ScanBatchRequest) => {
  void answer(request).then((reply) => port.postMessage(reply))
})

async function answer(request: ScanBatchRequest): Promise<ScanBatchReply> {
  try {
    return { id: request.id, results: await work(request) }
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) }
  }
}

async function work(request: ScanBatchRequest): Promise<unknown[]> {
  const paths = request.paths.split(pathSeparator)
  if (request.kind === 'mtimes') {
    return paths.map((path) => {
      const info = statSync(path, { throwIfNoEntry: false })
      return info === undefined ? Number.NaN : info.mtimeMs
    })
  }
  const options = revivedOptions(request.options)
  const pace = new FsPace()
  const results: unknown[] = []
  for await (const scan of mapOrdered(paths, slowConcurrency, (path) => pace.scan(path, options)))
    results.push(packedScan(scan))
  return results
}
