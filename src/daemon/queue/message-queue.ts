import type { BusMessage } from '../bus/bus-message.js'

/**
 * One queue interface, two backends (DESIGN §14): the embedded SQLite queue in the store (default)
 * and BullMQ on Redis for several daemon processes. Delivery is at least once: a handler that
 * throws, or whose process dies, gets the message again (after a backoff, or once the visibility
 * timeout passes); after `maxAttempts` failures it becomes a dead letter. Consumers make side
 * effects idempotent; publishing is idempotent by `message.idempotencyKey`.
 */
export interface MessageQueue {
  /** `sqlite` or `redis`, for logs, metrics and `/readyz`. */
  readonly backend: 'sqlite' | 'redis'
  /**
   * Adds a message to a topic durably; resolves once it is stored. A key published before (to any
   * topic) adds nothing and resolves `{ published: false }`.
   */
  publish(topic: string, message: BusMessage, options?: PublishOptions): Promise<{ readonly published: boolean }>
  /** Starts taking messages of a topic, at most `concurrency` at once. */
  consume(topic: string, handler: QueueHandler, options?: ConsumeOptions): QueueWorker
  /** Counts per topic, for metrics and `/readyz`. */
  stats(): Promise<readonly TopicStats[]>
  /** The newest dead letters of a topic, newest first. */
  deadLetters(topic: string, limit?: number): Promise<readonly DeadLetter[]>
  /** Stops every worker (waiting for handlers in progress) and closes connections. */
  close(): Promise<void>
}

/** Options of {@link MessageQueue.publish}. */
export interface PublishOptions {
  /** Deliver no earlier than this many ms from now. */
  readonly delayMs?: number
}

/** Options of {@link MessageQueue.consume}. */
export interface ConsumeOptions {
  /** Handlers running at once; default 1. */
  readonly concurrency?: number
}

/** A message handed to a handler. */
export interface Delivery {
  readonly message: BusMessage
  /** 1 for the first delivery, 2 after one failure or lost worker, … */
  readonly attempt: number
  /** Aborted when the worker stops (shutdown): finish or checkpoint quickly. */
  readonly signal: AbortSignal
}

/**
 * What a handler returns: nothing when the message is done; `{ retryInMs }` to see it again later
 * without counting a failed attempt (its conversation is busy elsewhere, say). Throwing counts a
 * failed attempt: it is retried with exponential backoff, then dead-lettered.
 */
export type HandlerOutcome = void | { readonly retryInMs: number }

/** Handles one delivery. */
export type QueueHandler = (delivery: Delivery) => Promise<HandlerOutcome>

/** A running consumer of one topic. */
export interface QueueWorker {
  /** Takes no further messages and waits for the handlers in progress. */
  stop(): Promise<void>
}

/** Counts of one topic. */
export interface TopicStats {
  readonly topic: string
  /** Ready or delayed, not yet taken. */
  readonly waiting: number
  /** Taken by a handler now. */
  readonly active: number
  readonly dead: number
}

/** A message that failed every attempt, or that is not a bus message at all. */
export interface DeadLetter {
  /** The message; undefined when what was stored is not a bus message (`error` says why). */
  readonly message: BusMessage | undefined
  /** The message as stored (JSON), so a damaged one can still be looked at. */
  readonly body: string
  readonly attempts: number
  readonly error: string
  /** Epoch ms. */
  readonly failedAt: number
}

/** Settings both backends share. */
export interface QueueSettings {
  /** A taken message not finished (and not renewed) within this is delivered again. Default 30 s. */
  readonly visibilityTimeoutMs?: number
  /** Failed attempts before a message becomes a dead letter. Default 5. */
  readonly maxAttempts?: number
  /** The first retry's delay, doubled per attempt up to 60 s. Default 1 s. */
  readonly backoffMs?: number
}

/** Defaults of {@link QueueSettings}. */
export const queueDefaults = {
  visibilityTimeoutMs: 30_000,
  maxAttempts: 5,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
} as const

/** The delay before the retry that follows failed attempt `attempt` (1-based). */
export function retryDelayMs(attempt: number, backoffMs: number = queueDefaults.backoffMs): number {
  return Math.min(queueDefaults.maxBackoffMs, backoffMs * 2 ** Math.max(0, attempt - 1))
}
