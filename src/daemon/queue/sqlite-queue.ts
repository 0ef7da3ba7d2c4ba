import type { Store } from '../../store/store.js'
import { parseBusMessage, type BusMessage } from '../bus/bus-message.js'
import { newLeaseOwnerTag, type LeaseOwnerTag } from './lease-owner.js'
import {
  queueDefaults,
  type ConsumeOptions,
  type DeadLetter,
  type MessageQueue,
  type PublishOptions,
  type QueueHandler,
  type QueueSettings,
  type QueueWorker,
  type TopicStats,
} from './message-queue.js'
import { queueTable, type QueueTable } from './sqlite-queue-table.js'
import { SqliteWorker } from './sqlite-worker.js'
import { onPublish, published } from './topic-wakeups.js'

/** Settings of the SQLite queue. */
export interface SqliteQueueSettings extends QueueSettings {
  /** Poll interval for messages of other processes right after activity. Default 100 ms. */
  readonly minPollMs?: number
  /** The longest poll interval while idle. Default 1000 ms. */
  readonly maxPollMs?: number
  /** Told of database errors the workers survive (busy database, say). Default: ignored. */
  readonly onError?: (error: unknown) => void
}

/**
 * The embedded queue: table `queue_messages` of the store, so a message and the state it changes
 * live in one file and several daemon processes on one data directory share the queue. A worker
 * claims a message with one UPDATE … RETURNING in a write transaction, holds it under a lease it
 * renews every third of the visibility timeout, and settles it in the same row: done (kept a day,
 * then pruned), ready again after a backoff, or dead.
 */
export class SqliteQueue implements MessageQueue {
  readonly backend = 'sqlite'
  readonly #store: Store
  readonly #table: QueueTable
  readonly #settings: Required<Omit<SqliteQueueSettings, 'onError'>>
  readonly #onError: (error: unknown) => void
  readonly #owner: LeaseOwnerTag
  readonly #workers = new Set<QueueWorker>()
  #deliveries = 0
  #closed = false

  constructor(store: Store, settings: SqliteQueueSettings = {}) {
    this.#store = store
    this.#settings = {
      visibilityTimeoutMs: settings.visibilityTimeoutMs ?? queueDefaults.visibilityTimeoutMs,
      maxAttempts: settings.maxAttempts ?? queueDefaults.maxAttempts,
      backoffMs: settings.backoffMs ?? queueDefaults.backoffMs,
      minPollMs: settings.minPollMs ?? 100,
      maxPollMs: settings.maxPollMs ?? 1000,
    }
    this.#onError = settings.onError ?? (() => undefined)
    this.#table = queueTable(store, this.#settings)
    this.#owner = newLeaseOwnerTag()
  }

  async publish(topic: string, message: BusMessage, options: PublishOptions = {}): Promise<{ published: boolean }> {
    this.#open()
    const added = this.#table.publish(topic, message, options.delayMs ?? 0, Date.now())
    if (added) published(this.#store, topic)
    return Promise.resolve({ published: added })
  }

  consume(topic: string, handler: QueueHandler, options: ConsumeOptions = {}): QueueWorker {
    this.#open()
    const worker = new SqliteWorker({
      table: this.#table,
      topic,
      handler,
      concurrency: Math.max(1, options.concurrency ?? 1),
      visibilityTimeoutMs: this.#settings.visibilityTimeoutMs,
      minPollMs: this.#settings.minPollMs,
      maxPollMs: this.#settings.maxPollMs,
      owner: () => this.#owner.owner(++this.#deliveries),
      subscribe: (wake) => onPublish(this.#store, topic, wake),
      onError: this.#onError,
    })
    const stop = worker.stop.bind(worker)
    const tracked: QueueWorker = {
      stop: async () => {
        await stop()
        this.#workers.delete(tracked)
      },
    }
    this.#workers.add(tracked)
    return tracked
  }

  async stats(): Promise<readonly TopicStats[]> {
    return Promise.resolve(this.#table.stats())
  }

  async deadLetters(topic: string, limit = 20): Promise<readonly DeadLetter[]> {
    const rows = this.#table.deadLetters(topic, limit)
    return Promise.resolve(
      rows.map((row) => ({
        message: parsedOrUndefined(row.body),
        body: row.body,
        attempts: row.attempts,
        error: row.error,
        failedAt: row.failedAt,
      })),
    )
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all([...this.#workers].map((worker) => worker.stop()))
    this.#owner.release()
  }

  #open(): void {
    if (this.#closed) throw new Error('the queue is closed')
  }
}

/** Opens the SQLite queue over `store` (which stays open when the queue closes). */
export function openSqliteQueue(store: Store, settings: SqliteQueueSettings = {}): SqliteQueue {
  return new SqliteQueue(store, settings)
}

function parsedOrUndefined(body: string): BusMessage | undefined {
  try {
    return parseBusMessage(JSON.parse(body))
  } catch {
    return undefined
  }
}
