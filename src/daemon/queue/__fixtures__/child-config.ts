import type { QueueSettings } from '../message-queue.js'

/** What a queue-child process is told, as JSON in its first argument. */
export interface ChildQueueConfig {
  /** `sqlite` or a Redis URL, as `openQueue` takes it. */
  readonly spec: string
  /** The data directory, for `sqlite`. */
  readonly dataDir?: string
  readonly settings: QueueSettings & { readonly prefix?: string }
  readonly topic: string
  readonly mode: 'hold' | 'handle'
  readonly concurrency?: number
}
