import { createHash } from 'node:crypto'
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import { parseBusMessage, type BusMessage } from '../bus/bus-message.js'
import {
  queueDefaults,
  retryDelayMs,
  type ConsumeOptions,
  type DeadLetter,
  type MessageQueue,
  type PublishOptions,
  type QueueHandler,
  type QueueSettings,
  type QueueWorker,
  type TopicStats,
} from './message-queue.js'
import { connectRedis } from './redis-connection.js'

/** Settings of the Redis queue. */
export interface RedisQueueSettings extends QueueSettings {
  /** The prefix of every Redis key of the queue (BullMQ's `prefix`). Default `toolhost`. */
  readonly prefix?: string
  /** How long connecting may take before opening fails. Default 3000 ms. */
  readonly connectTimeoutMs?: number
  /** Told of errors the workers and connections survive (a lost connection, say). Default: ignored. */
  readonly onError?: (error: unknown) => void
}

/** How long an idempotency key is remembered, as the SQLite queue keeps done rows: one day. */
const rememberKeysMs = 24 * 60 * 60_000
const backoffType = 'toolhost'

/**
 * The BullMQ job id of an idempotency key: a hash, since BullMQ refuses ids with `:` and ids that
 * are integers (the `k` keeps a hash of digits from reading as one).
 */
export function jobIdOf(idempotencyKey: string): string {
  return `k${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`
}

/**
 * The queue on Redis through BullMQ, for daemons on several hosts: one BullMQ queue and worker per
 * topic under `prefix`. A delivery's lease is BullMQ's job lock (lockDuration = the visibility
 * timeout); a worker that dies leaves a stalled job that the stalled check of any live worker puts
 * back. Failures retry with the shared backoff; dead letters are the failed jobs.
 */
export class RedisQueue implements MessageQueue {
  readonly backend = 'redis'
  readonly #client: Redis
  readonly #prefix: string
  readonly #settings: Required<Pick<QueueSettings, 'visibilityTimeoutMs' | 'maxAttempts' | 'backoffMs'>>
  readonly #onError: (error: unknown) => void
  readonly #queues = new Map<string, Queue>()
  readonly #workers = new Set<QueueWorker>()
  #closed = false

  /** Use {@link openRedisQueue}, which checks the server answers first. */
  constructor(client: Redis, settings: RedisQueueSettings = {}) {
    this.#client = client
    this.#prefix = settings.prefix ?? 'toolhost'
    this.#settings = {
      visibilityTimeoutMs: settings.visibilityTimeoutMs ?? queueDefaults.visibilityTimeoutMs,
      maxAttempts: settings.maxAttempts ?? queueDefaults.maxAttempts,
      backoffMs: settings.backoffMs ?? queueDefaults.backoffMs,
    }
    this.#onError = settings.onError ?? (() => undefined)
  }

  /**
   * Idempotency: a key `<prefix>:published:<job id>` set with NX and a one-day TTL, beside the job
   * id itself. The job id alone would dedupe only within one topic and only while the job exists
   * (completed jobs are trimmed); the key also covers other topics and completed messages. It is
   * written `pending` before the job is added and `added` after, so a publish that stopped between
   * the two (crash, lost connection) is finished by the next publish of the same key rather than
   * lost; BullMQ ignores an add whose job id exists.
   */
  async publish(topic: string, message: BusMessage, options: PublishOptions = {}): Promise<{ published: boolean }> {
    this.#open()
    const jobId = jobIdOf(message.idempotencyKey)
    const marker = `${this.#prefix}:published:${jobId}`
    const queue = this.#queue(topic)
    const add = async () => {
      await queue.add(message.kind, message, { jobId, delay: Math.max(0, options.delayMs ?? 0) })
      // Not awaited: the message is stored once the job is, and this connection sends the next
      // command after this one. Should it fail, the key stays `pending` and the job id still
      // guards against a second job while the job is kept.
      this.#client.set(marker, `added ${topic}`, 'PX', rememberKeysMs).catch(this.#onError)
    }
    const first = await this.#client.set(marker, `pending ${topic}`, 'PX', rememberKeysMs, 'NX')
    if (first === 'OK') {
      await add()
      return { published: true }
    }
    if ((await this.#client.get(marker)) !== `pending ${topic}`) return { published: false }
    if ((await queue.getJob(jobId)) !== undefined) return { published: false }
    await add()
    return { published: true }
  }

  consume(topic: string, handler: QueueHandler, options: ConsumeOptions = {}): QueueWorker {
    this.#open()
    const abort = new AbortController()
    let stopping = false
    const { visibilityTimeoutMs, maxAttempts, backoffMs } = this.#settings
    const connection = this.#client.duplicate({ maxRetriesPerRequest: null })
    connection.on('error', this.#onError)
    const worker = new Worker(
      topic,
      async (job: Job, token?: string) => {
        let message: BusMessage
        try {
          message = parseBusMessage(job.data)
        } catch (error) {
          throw new UnrecoverableError(error instanceof Error ? error.message : String(error))
        }
        const attempt = job.attemptsMade + job.stalledCounter + 1
        let retryInMs: number | undefined
        try {
          const outcome = await handler({ message, attempt, signal: abort.signal })
          if (outcome !== undefined && typeof outcome.retryInMs === 'number') retryInMs = outcome.retryInMs
        } catch (error) {
          // A handler cut short by shutdown gives its attempt back and is delivered again at once.
          if (!stopping) throw error
          retryInMs = 0
        }
        if (retryInMs === undefined) return
        // Delayed this way, the delivery does not count as an attempt.
        await job.moveToDelayed(Date.now() + Math.max(1, retryInMs), token)
        throw new DelayedError()
      },
      {
        connection,
        prefix: this.#prefix,
        concurrency: Math.max(1, options.concurrency ?? 1),
        lockDuration: visibilityTimeoutMs,
        stalledInterval: visibilityTimeoutMs,
        // A lost worker uses up a delivery, as a failure does (BullMQ counts the two apart).
        maxStalledCount: Math.max(0, maxAttempts - 1),
        settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, backoffMs) },
      },
    )
    worker.on('error', this.#onError)
    const tracked: QueueWorker = {
      stop: async () => {
        if (!stopping) {
          stopping = true
          abort.abort(new Error('the queue worker is stopping'))
        }
        await worker.close()
        connection.disconnect()
        this.#workers.delete(tracked)
      },
    }
    this.#workers.add(tracked)
    return tracked
  }

  async stats(): Promise<readonly TopicStats[]> {
    const topics = new Set(this.#queues.keys())
    for (const topic of await this.#knownTopics()) topics.add(topic)
    return Promise.all(
      [...topics].sort().map(async (topic) => {
        const counts = await this.#queue(topic).getJobCounts(
          'wait',
          'prioritized',
          'delayed',
          'waiting-children',
          'active',
          'failed',
        )
        const count = (name: string) => counts[name] ?? 0
        return {
          topic,
          waiting: ['wait', 'prioritized', 'delayed', 'waiting-children'].reduce((n, s) => n + count(s), 0),
          active: count('active'),
          dead: count('failed'),
        }
      }),
    )
  }

  async deadLetters(topic: string, limit = 20): Promise<readonly DeadLetter[]> {
    const jobs = await this.#queue(topic).getFailed(0, Math.max(0, limit - 1))
    return jobs
      .filter((job) => job !== undefined)
      .map((job) => ({
        message: parsedOrUndefined(job.data),
        body: JSON.stringify(job.data ?? null),
        attempts: job.attemptsMade,
        error: job.failedReason,
        failedAt: job.finishedOn ?? 0,
      }))
      .sort((a, b) => b.failedAt - a.failedAt)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all([...this.#workers].map((worker) => worker.stop()))
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()))
    await this.#client.quit().catch(() => this.#client.disconnect())
  }

  #queue(topic: string): Queue {
    let queue = this.#queues.get(topic)
    if (queue === undefined) {
      queue = new Queue(topic, {
        connection: this.#client,
        prefix: this.#prefix,
        defaultJobOptions: {
          attempts: maxOf(this.#settings.maxAttempts),
          backoff: { type: backoffType },
          // Completed jobs only for a look back (idempotency has its own keys); failed ones are
          // the dead letters, kept a month.
          removeOnComplete: { age: 3600, count: 10_000 },
          removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
        },
      })
      queue.on('error', this.#onError)
      this.#queues.set(topic, queue)
    }
    return queue
  }

  /** Topics with a BullMQ queue under the prefix (their `meta` hash), found with SCAN. */
  async #knownTopics(): Promise<string[]> {
    const found: string[] = []
    const head = `${this.#prefix}:`
    let cursor = '0'
    do {
      const [next, keys] = await this.#client.scan(cursor, 'MATCH', `${head}*:meta`, 'COUNT', 1000)
      cursor = next
      for (const key of keys) found.push(key.slice(head.length, -':meta'.length))
    } while (cursor !== '0')
    return found
  }

  #open(): void {
    if (this.#closed) throw new Error('the queue is closed')
  }
}

/** Connects to `url` (failing within `connectTimeoutMs` when unreachable) and opens the queue. */
export async function openRedisQueue(url: string, settings: RedisQueueSettings = {}): Promise<RedisQueue> {
  const client = await connectRedis(url, settings.connectTimeoutMs ?? 3000)
  if (settings.onError !== undefined) client.on('error', settings.onError)
  return new RedisQueue(client, settings)
}

function maxOf(attempts: number): number {
  return Math.max(1, Math.floor(attempts))
}

function parsedOrUndefined(data: unknown): BusMessage | undefined {
  try {
    return parseBusMessage(data)
  } catch {
    return undefined
  }
}
