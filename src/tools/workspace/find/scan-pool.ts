import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { FileScan, ScanOptions } from './scan-file.js'
import {
  pathSeparator,
  unpackedScan,
  type ScanBatchReply,
  type ScanBatchRequest,
  type ScanWork,
} from './scan-protocol.js'

/** How a pool starts its workers. */
export interface ScanPoolOptions {
  /** The worker module (`scan-worker.js`, or its TypeScript source). */
  readonly workerUrl: URL
  /** Node options for the workers, e.g. a loader for the TypeScript sources. */
  readonly execArgv: readonly string[]
  /** Most workers at once. */
  readonly size: number
  /** Workers are stopped after this long without work, in ms. */
  readonly idleMs: number
}

interface Job {
  readonly work: ScanWork
  readonly signal: AbortSignal
  readonly resolve: (results: unknown[]) => void
  readonly reject: (error: unknown) => void
  readonly onAbort: () => void
}

interface Slot {
  readonly worker: Worker
  readonly jobs: Map<number, Job>
  /** True once the worker has answered a batch: it started. */
  answered: boolean
}

// Two batches per worker: the next one is there when a worker finishes, without a round trip.
const batchesPerWorker = 2

/**
 * Worker threads that search batches of files (or read their modification times, for a glob), so
 * a search uses every core while the calling thread walks the tree. Workers start on demand and are shared by all searches; a worker keeps
 * the process alive only while it has work, and all stop after `idleMs` without any. A search that
 * is aborted stops the workers busy with it (another search's batches on them start again
 * elsewhere), so a slow pattern cannot keep running for nobody.
 */
export class ScanPool {
  readonly #options: ScanPoolOptions
  readonly #slots = new Set<Slot>()
  readonly #queue = new Map<number, Job>()
  #nextId = 0
  /** Why workers cannot start here (their module is missing, say); every later scan fails at once. */
  #unusable: Error | undefined
  #idleTimer: NodeJS.Timeout | undefined

  constructor(options: ScanPoolOptions) {
    this.#options = options
  }

  /** Most workers at once. */
  get size(): number {
    return this.#options.size
  }

  /** Workers running now. */
  get workers(): number {
    return this.#slots.size
  }

  /**
   * Searches the files at `paths` (real host paths) in a worker; the scans come in the order of
   * `paths`. Rejects when the signal aborts, and when a worker fails or cannot start.
   */
  async scan(paths: readonly string[], options: ScanOptions, signal: AbortSignal): Promise<FileScan[]> {
    const packed = (await this.#run({ kind: 'scan', paths, options }, signal)) as (FileScan | 0)[]
    return packed.map(unpackedScan)
  }

  /**
   * The modification times (epoch ms) of the files at `paths`, read in a worker; NaN for a path
   * that is gone. Rejects as {@link scan} does.
   */
  async mtimes(paths: readonly string[], signal: AbortSignal): Promise<number[]> {
    return (await this.#run({ kind: 'mtimes', paths }, signal)) as number[]
  }

  #run(work: ScanWork, signal: AbortSignal): Promise<unknown[]> {
    signal.throwIfAborted()
    if (this.#unusable !== undefined) return Promise.reject(this.#unusable)
    const id = this.#nextId++
    const { promise, resolve, reject } = Promise.withResolvers<unknown[]>()
    const onAbort = () => this.#abort(id, signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    this.#queue.set(id, { work, signal, resolve, reject, onAbort })
    clearTimeout(this.#idleTimer)
    this.#dispatch()
    return promise
  }

  /** Stops every worker now; their batches fail. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer)
    await Promise.all([...this.#slots].map((slot) => this.#stop(slot, new Error('the scan pool was closed'))))
  }

  #dispatch(): void {
    for (const [id, job] of this.#queue) {
      const slot = this.#freeSlot()
      if (slot === undefined) return
      this.#queue.delete(id)
      slot.jobs.set(id, job)
      slot.worker.ref()
      const { work } = job
      const paths = work.paths.join(pathSeparator)
      const request: ScanBatchRequest =
        work.kind === 'scan' ? { id, kind: 'scan', paths, options: work.options } : { id, kind: 'mtimes', paths }
      slot.worker.postMessage(request)
    }
  }

  /** The least busy worker with room, started when there is room for one more. */
  #freeSlot(): Slot | undefined {
    let best: Slot | undefined
    for (const slot of this.#slots) if (best === undefined || slot.jobs.size < best.jobs.size) best = slot
    if (best !== undefined && best.jobs.size === 0) return best
    if (this.#slots.size < this.#options.size) return this.#start()
    return best !== undefined && best.jobs.size < batchesPerWorker ? best : undefined
  }

  #start(): Slot {
    const worker = new Worker(this.#options.workerUrl, { execArgv: [...this.#options.execArgv] })
    const slot: Slot = { worker, jobs: new Map(), answered: false }
    this.#slots.add(slot)
    const failed = (error: Error) => {
      if (!slot.answered && this.#slots.has(slot)) this.#unusable = error
      void this.#stop(slot, error)
    }
    worker.on('message', (reply: ScanBatchReply) => this.#settle(slot, reply))
    worker.on('error', failed)
    worker.on('exit', (code) => failed(new Error(`a scan worker exited with code ${code}`)))
    return slot
  }

  #settle(slot: Slot, reply: ScanBatchReply): void {
    slot.answered = true
    const job = slot.jobs.get(reply.id)
    if (job === undefined) return
    slot.jobs.delete(reply.id)
    job.signal.removeEventListener('abort', job.onAbort)
    if ('error' in reply) job.reject(new Error(reply.error))
    else job.resolve([...reply.results])
    this.#dispatch()
    this.#idleCheck()
  }

  #abort(id: number, reason: unknown): void {
    const queued = this.#queue.get(id)
    if (queued !== undefined) {
      this.#queue.delete(id)
      queued.reject(reason)
      this.#idleCheck()
      return
    }
    for (const slot of this.#slots) {
      const job = slot.jobs.get(id)
      if (job === undefined) continue
      slot.jobs.delete(id)
      job.reject(reason)
      // The worker may be deep in a slow pattern: it is stopped, and others' batches on it requeued.
      for (const [otherId, other] of slot.jobs) this.#queue.set(otherId, other)
      slot.jobs.clear()
      void this.#stop(slot, reason)
      this.#dispatch()
      this.#idleCheck()
      return
    }
  }

  /** Takes a worker out of the pool and stops it; batches still on it fail with `error`. */
  async #stop(slot: Slot, error: unknown): Promise<void> {
    if (!this.#slots.delete(slot)) return
    for (const job of slot.jobs.values()) {
      job.signal.removeEventListener('abort', job.onAbort)
      job.reject(error)
    }
    slot.jobs.clear()
    slot.worker.removeAllListeners('message')
    await slot.worker.terminate()
  }

  /** When nothing is left to do, lets the process exit and stops the workers a little later. */
  #idleCheck(): void {
    let busy = this.#queue.size > 0
    for (const slot of this.#slots) {
      if (slot.jobs.size === 0) slot.worker.unref()
      else busy = true
    }
    if (busy || this.#slots.size === 0) return
    clearTimeout(this.#idleTimer)
    this.#idleTimer = setTimeout(() => void this.close(), this.#options.idleMs)
    this.#idleTimer.unref()
  }
}

// The workers run this module's sibling: the TypeScript source when this module runs from source
// (with the project's loader hook, which maps `.js` imports to `.ts`), JavaScript once built.
const fromSource = import.meta.url.endsWith('.ts')
let shared: ScanPool | undefined

/** The pool every search shares: one worker per core, stopped after a few seconds without work. */
export function sharedScanPool(): ScanPool {
  shared ??= new ScanPool({
    workerUrl: new URL(fromSource ? './scan-worker.ts' : './scan-worker.js', import.meta.url),
    execArgv: fromSource
      ? ['--import', fileURLToPath(new URL('../../../../scripts/register-ts.ts', import.meta.url))]
      : [],
    size: Math.max(1, availableParallelism()),
    idleMs: 5_000,
  })
  return shared
}
