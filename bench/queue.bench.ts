/**
 * Messages per second through each queue backend: publish N, then one worker (concurrency 8) takes
 * them all with a handler that does nothing. Each row is the time per message (median of 3
 * alternating runs after a warm-up) beside a reference in the same run: for SQLite a bare INSERT
 * then UPDATE per message on a database with the same settings, for Redis a bare BullMQ queue and
 * worker with no toolhost wrapper. The Redis row needs `redis-server` (it starts its own on a free
 * loopback port). Wired into `npm run bench`.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { redisServerProgram, startRedisServer } from '../test/redis-server.js'
import { busMessage } from '../src/daemon/bus/bus-message.js'
import type { MessageQueue } from '../src/daemon/queue/message-queue.js'
import { openRedisQueue } from '../src/daemon/queue/redis-queue.js'
import { SqliteQueue } from '../src/daemon/queue/sqlite-queue.js'
import { openStore } from '../src/store/store.js'
import { time, type BenchReport } from './bench-report.js'

const sqliteMessages = 1000
const redisMessages = 2000
const concurrency = 8

const message = () =>
  busMessage('user_message', {
    conversationId: 'cv',
    idempotencyKey: randomUUID(),
    correlationId: 'cor',
    messageId: 'm',
  })

/** Publishes `n` messages to a fresh topic, then consumes them all; ms in total. */
async function throughput(queue: MessageQueue, n: number): Promise<number> {
  const topic = `bench${randomUUID().slice(0, 8)}`
  return time(async () => {
    for (let i = 0; i < n; i++) await queue.publish(topic, message())
    let handled = 0
    let finish = () => undefined as void
    const all = new Promise<void>((resolve) => (finish = resolve))
    const worker = queue.consume(topic, async () => void (++handled === n && finish()), { concurrency })
    await all
    await worker.stop()
  })
}

/** The same through a bare table: an INSERT per message, then an UPDATE per message. */
function bareSqlite(path: string, n: number): Promise<number> {
  const db = new DatabaseSync(path)
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL')
  db.exec('CREATE TABLE q (id TEXT PRIMARY KEY, body TEXT NOT NULL, state TEXT NOT NULL)')
  const insert = db.prepare(`INSERT INTO q VALUES (?, ?, 'ready')`)
  const update = db.prepare(`UPDATE q SET state = 'done' WHERE id = ?`)
  return time(async () => {
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      const id = randomUUID()
      ids.push(id)
      insert.run(id, JSON.stringify(message()))
    }
    for (const id of ids) update.run(id)
    await Promise.resolve()
  }).finally(() => db.close())
}

/** The same through a bare BullMQ queue and worker. */
async function bareBullmq(url: string, n: number): Promise<number> {
  const prefix = `bench-bare-${randomUUID().slice(0, 8)}`
  const connection = new Redis(url, { maxRetriesPerRequest: null })
  const blocking = connection.duplicate()
  const queue = new Queue('bare', { connection, prefix })
  try {
    return await time(async () => {
      for (let i = 0; i < n; i++) await queue.add('m', message(), { removeOnComplete: true })
      let handled = 0
      let finish = () => undefined as void
      const all = new Promise<void>((resolve) => (finish = resolve))
      const worker = new Worker('bare', async () => void (++handled === n && finish()), {
        connection: blocking,
        prefix,
        concurrency,
      })
      await all
      await worker.close()
    })
  } finally {
    await queue.close()
    connection.disconnect()
    blocking.disconnect()
  }
}

const perMessageUs = (ms: number, n: number) => (ms * 1000) / n
const rate = (ms: number, n: number) => Math.round(n / (ms / 1000)).toLocaleString('en-US')

/**
 * Medians of `rounds` alternating runs of both sides, after a warm-up of each (so that neither
 * pays alone for the JIT, loading Lua scripts, or growing the database file).
 */
async function sideBySide(
  ours: (n: number) => Promise<number>,
  bare: (n: number) => Promise<number>,
  n: number,
  rounds = 3,
): Promise<{ ours: number; bare: number }> {
  await ours(Math.ceil(n / 5))
  await bare(Math.ceil(n / 5))
  const times = { ours: [] as number[], bare: [] as number[] }
  for (let i = 0; i < rounds; i++) {
    times.ours.push(await ours(n))
    times.bare.push(await bare(n))
  }
  const mid = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0
  return { ours: mid(times.ours), bare: mid(times.bare) }
}

/** Runs the queue measures; the Redis row is skipped (and says so) without redis-server. */
export async function queueBench(report: BenchReport, scratch: string): Promise<void> {
  const store = openStore(join(scratch, 'queue-store'))
  const sqlite = new SqliteQueue(store)
  try {
    const bareFile = () => join(scratch, `queue-bare-${randomUUID().slice(0, 8)}.db`)
    const { ours, bare } = await sideBySide(
      (n) => throughput(sqlite, n),
      (n) => bareSqlite(bareFile(), n),
      sqliteMessages,
    )
    console.log(
      `queue bench, sqlite: ${rate(ours, sqliteMessages)} messages/s, bare table ${rate(bare, sqliteMessages)}/s`,
    )
    report(
      `sqlite queue, publish + consume, per message (${sqliteMessages})`,
      perMessageUs(ours, sqliteMessages),
      'bare INSERT + UPDATE',
      perMessageUs(bare, sqliteMessages),
      'µs',
    )
  } finally {
    await sqlite.close()
    store.close()
  }

  if (redisServerProgram === undefined) {
    console.log('queue bench, redis: skipped: redis-server not installed')
    return
  }
  const server = await startRedisServer()
  try {
    const redis = await openRedisQueue(server.url, { prefix: `bench-${randomUUID().slice(0, 8)}` })
    try {
      const { ours, bare } = await sideBySide(
        (n) => throughput(redis, n),
        (n) => bareBullmq(server.url, n),
        redisMessages,
      )
      console.log(
        `queue bench, redis: ${rate(ours, redisMessages)} messages/s, bare BullMQ ${rate(bare, redisMessages)}/s`,
      )
      report(
        `redis queue, publish + consume, per message (${redisMessages})`,
        perMessageUs(ours, redisMessages),
        'bare BullMQ queue + worker',
        perMessageUs(bare, redisMessages),
        'µs',
      )
    } finally {
      await redis.close()
    }
  } finally {
    await server.stop()
  }
}
