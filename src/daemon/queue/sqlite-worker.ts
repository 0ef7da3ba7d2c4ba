import { parseBusMessage } from '../bus/bus-message.js'
import type { QueueHandler, QueueWorker } from './message-queue.js'
import type { ClaimedRow, QueueTable } from './sqlite-queue-table.js'

/** What a worker of the SQLite queue needs from its queue. */
export interface WorkerContext {
  readonly table: QueueTable
  readonly topic: string
  readonly handler: QueueHandler
  readonly concurrency: number
  readonly visibilityTimeoutMs: number
  /** Poll interval right after activity, doubled while idle up to `maxPollMs`. */
  readonly minPollMs: number
  readonly maxPollMs: number
  /** A new lease owner text for one delivery. */
  readonly owner: () => string
  /** Registers the in-process wake-up of the topic; returns the unsubscribe. */
  readonly subscribe: (wake: () => void) => () => void
  readonly onError: (error: unknown) => void
}

/** How often a worker looks for leases of dead processes and prunes old done rows. */
const reclaimEveryMs = 1000
const pruneEveryMs = 10 * 60_000
const keepDoneMs = 24 * 60 * 60_000

/**
 * One consumer of a topic: claims up to `concurrency` messages, runs the handler on each while
 * renewing its lease, and settles it. Sleeps between polls (woken at once by a publish in this
 * process or by a handler that finishes); its timers do not keep the process alive.
 */
export class SqliteWorker implements QueueWorker {
  readonly #ctx: WorkerContext
  readonly #running = new Set<Promise<void>>()
  readonly #abort = new AbortController()
  readonly #unsubscribe: () => void
  readonly #loop: Promise<void>
  #stopped = false
  #woken = false
  #wake: (() => void) | undefined
  #idleMs: number
  #lastReclaim = 0
  #lastPrune = 0

  constructor(ctx: WorkerContext) {
    this.#ctx = ctx
    this.#idleMs = ctx.minPollMs
    this.#unsubscribe = ctx.subscribe(() => this.#poke())
    this.#loop = this.#run()
  }

  async stop(): Promise<void> {
    if (!this.#stopped) {
      this.#stopped = true
      this.#unsubscribe()
      this.#abort.abort(new Error('the queue worker is stopping'))
      this.#poke()
    }
    await this.#loop
    await Promise.all(this.#running)
  }

  #poke(): void {
    this.#woken = true
    this.#wake?.()
  }

  async #run(): Promise<void> {
    const { table, topic, concurrency } = this.#ctx
    while (!this.#stopped) {
      let claimed = 0
      let next: number | undefined
      try {
        this.#housekeeping()
        while (!this.#stopped && this.#running.size < concurrency) {
          const owner = this.#ctx.owner()
          const row = table.claim(topic, owner, Date.now())
          if (row === undefined) break
          claimed += 1
          this.#start({ ...row, owner })
        }
        if (this.#running.size < concurrency) next = table.nextAvailable(topic)
      } catch (error) {
        // A busy or failing database must not end the worker: report and try again after a pause.
        this.#ctx.onError(error)
      }
      if (this.#stopped) break
      this.#idleMs = claimed > 0 ? this.#ctx.minPollMs : Math.min(this.#idleMs * 2, this.#ctx.maxPollMs)
      const full = this.#running.size >= concurrency
      const untilNext = next === undefined ? Infinity : Math.max(0, next - Date.now())
      await this.#sleep(full ? undefined : Math.min(this.#idleMs, untilNext))
    }
  }

  #housekeeping(): void {
    const { table, topic } = this.#ctx
    const now = Date.now()
    if (now - this.#lastReclaim >= reclaimEveryMs) {
      this.#lastReclaim = now
      table.reclaimDeadOwners(topic)
    }
    if (now - this.#lastPrune >= pruneEveryMs) {
      this.#lastPrune = now
      table.prune(topic, now - keepDoneMs)
    }
  }

  /** Waits for a wake-up, or `ms` when given. */
  async #sleep(ms: number | undefined): Promise<void> {
    if (this.#woken) {
      this.#woken = false
      return
    }
    await new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(resolve, ms)
      timer?.unref()
      this.#wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    this.#wake = undefined
    this.#woken = false
  }

  #start(row: ClaimedRow & { owner: string }): void {
    const delivery = this.#deliver(row).finally(() => {
      this.#running.delete(delivery)
      this.#poke()
    })
    this.#running.add(delivery)
  }

  async #deliver(row: ClaimedRow & { owner: string }): Promise<void> {
    const { table } = this.#ctx
    const { owner } = row
    const settle = (change: () => void) => {
      try {
        change()
      } catch (error) {
        // The lease runs out and the message comes back: at least once still holds.
        this.#ctx.onError(error)
      }
    }
    let message
    try {
      message = parseBusMessage(JSON.parse(row.body))
    } catch (error) {
      settle(() => table.bury(row.id, owner, errorText(error), Date.now()))
      return
    }
    const heartbeat = setInterval(
      () => settle(() => table.renew(row.id, owner, Date.now())),
      Math.max(10, Math.floor(this.#ctx.visibilityTimeoutMs / 3)),
    )
    heartbeat.unref()
    try {
      const outcome = await this.#ctx.handler({ message, attempt: row.attempts, signal: this.#abort.signal })
      if (outcome !== undefined && typeof outcome.retryInMs === 'number') {
        settle(() => table.retryLater(row.id, owner, outcome.retryInMs, Date.now()))
      } else settle(() => table.complete(row.id, owner, Date.now()))
    } catch (error) {
      // A handler cut short by shutdown gives its attempt back and is delivered again at once.
      if (this.#stopped) settle(() => table.retryLater(row.id, owner, 0, Date.now()))
      else settle(() => table.fail(row, owner, errorText(error), Date.now()))
    } finally {
      clearInterval(heartbeat)
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
