import { Redis, type RedisOptions } from 'ioredis'
import { maskedRedisUrl } from './redis-url.js'

/**
 * Connects to Redis and checks it answers PING within `timeoutMs`, so an unreachable server fails
 * the start with a message naming it instead of hanging in reconnects. Once connected, the client
 * reconnects by itself after a lost connection (with a capped backoff).
 * @throws Error `cannot reach Redis at <url without password>: <reason>`
 */
export async function connectRedis(url: string, timeoutMs: number, options: RedisOptions = {}): Promise<Redis> {
  let connected = false
  const client = new Redis(url, {
    ...options,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    // No retries until the first PING answered: a wrong URL is reported, not retried forever.
    retryStrategy: (times) => (connected ? Math.min(times * 200, 5000) : null),
  })
  // Connection errors are reported by the calls that fail; an 'error' event with no listener
  // would end the process.
  client.on('error', () => undefined)
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
    connected = true
    return client
  } catch (error) {
    client.disconnect()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`cannot reach Redis at ${maskedRedisUrl(url)}: ${reason}`, { cause: error })
  } finally {
    clearTimeout(timer)
  }
}
