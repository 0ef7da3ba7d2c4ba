import type { Store } from '../../store/store.js'
import type { MessageQueue } from './message-queue.js'
import { isRedisUrl, maskedRedisUrl } from './redis-url.js'
import type { RedisQueueSettings } from './redis-queue.js'
import { SqliteQueue, type SqliteQueueSettings } from './sqlite-queue.js'

/** Options of {@link openQueue}: the store for `sqlite`, and the settings of either backend. */
export interface OpenQueueOptions extends SqliteQueueSettings, RedisQueueSettings {
  readonly store?: Store
}

/**
 * Opens the queue a spec names: `sqlite` (the store's own table) or a `redis://` / `rediss://` URL.
 * @throws Error for any other spec, for `sqlite` without a store, and (naming the URL without its
 * password) for a Redis server that does not answer within `connectTimeoutMs`
 */
export async function openQueue(spec: string, options: OpenQueueOptions = {}): Promise<MessageQueue> {
  if (spec === 'sqlite') {
    if (options.store === undefined) throw new Error('the sqlite queue needs the store')
    return new SqliteQueue(options.store, options)
  }
  // BullMQ and its Redis client load only for a Redis queue.
  if (isRedisUrl(spec)) return (await import('./redis-queue.js')).openRedisQueue(spec, options)
  const shown = spec.includes('://') ? maskedRedisUrl(spec) : spec
  throw new Error(`unknown queue "${shown}": use sqlite, or a redis:// or rediss:// URL`)
}
