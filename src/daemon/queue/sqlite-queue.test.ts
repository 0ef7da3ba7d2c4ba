import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../store/store.js'
import { tempDir } from '../../../test/temp-dir.js'
import { message, queueContract, statsOf, until } from './__fixtures__/queue-contract.js'
import { SqliteQueue } from './sqlite-queue.js'

describe('SqliteQueue', () => {
  const dataDir = tempDir('toolhost-queue-')
  const stores: Store[] = []
  const storeOf = () => {
    const store = openStore(dataDir)
    stores.push(store)
    return store
  }
  const shared = storeOf()
  afterAll(() => stores.forEach((store) => store.close()))

  queueContract(() => ({
    open: async (settings) => Promise.resolve(new SqliteQueue(storeOf(), settings)),
    injectBad: async (topic, body) => {
      shared.database
        .prepare(
          `INSERT INTO queue_messages (id, topic, idempotency_key, body, state, available_at, created_at)
           VALUES (?, ?, ?, ?, 'ready', 0, 0)`,
        )
        .run(randomUUID(), topic, randomUUID(), JSON.stringify(body))
      return Promise.resolve()
    },
    child: { spec: 'sqlite', dataDir },
  }))

  it('takes back at once a message held by a lease owner of this host that is gone', async () => {
    const queue = new SqliteQueue(storeOf(), { visibilityTimeoutMs: 3_600_000 })
    const topic = `t${randomUUID().slice(0, 8)}`
    const sent = message()
    await queue.publish(topic, sent)
    // A pid that no process has: above the kernel's limit.
    shared.database
      .prepare(
        `UPDATE queue_messages SET state = 'active', attempts = 1, lease_owner = ?, lease_until = ? WHERE topic = ?`,
      )
      .run(`4194305@${hostname()}#ab12.1`, Date.now() + 3_600_000, topic)
    const attempts: number[] = []
    queue.consume(topic, async ({ attempt }) => void attempts.push(attempt))
    await until(() => attempts.length === 1, 'the message to come back')
    expect(attempts).toEqual([2])
    await queue.close()
  })

  it('delivers again, counting an attempt, a message whose lease ran out', async () => {
    const queue = new SqliteQueue(storeOf())
    const topic = `t${randomUUID().slice(0, 8)}`
    await queue.publish(topic, message())
    // An owner on another host is never judged dead: only its lease running out frees the message.
    shared.database
      .prepare(
        `UPDATE queue_messages SET state = 'active', attempts = 1, lease_owner = '1@elsewhere#ab.1', lease_until = 1 WHERE topic = ?`,
      )
      .run(topic)
    const attempts: number[] = []
    queue.consume(topic, async ({ attempt }) => void attempts.push(attempt))
    await until(() => attempts.length === 1, 'the message to come back')
    expect(attempts).toEqual([2])
    await queue.close()
  })

  it('dead-letters a message whose workers were lost more times than it has attempts', async () => {
    const queue = new SqliteQueue(storeOf(), { maxAttempts: 2 })
    const topic = `t${randomUUID().slice(0, 8)}`
    await queue.publish(topic, message())
    shared.database
      .prepare(
        `UPDATE queue_messages SET state = 'active', attempts = 2, lease_owner = 'elsewhere', lease_until = 1 WHERE topic = ?`,
      )
      .run(topic)
    let handled = 0
    queue.consume(topic, async () => void (handled += 1))
    await until(async () => (await statsOf(queue, topic)).dead === 1, 'the dead letter')
    expect(handled).toBe(0)
    expect((await queue.deadLetters(topic))[0]?.error).toContain('lease')
    await queue.close()
  })

  it('prunes done messages older than a day', async () => {
    const queue = new SqliteQueue(storeOf())
    const topic = `t${randomUUID().slice(0, 8)}`
    await queue.publish(topic, message())
    const old = Date.now() - 2 * 24 * 3_600_000
    shared.database
      .prepare(`UPDATE queue_messages SET state = 'done', available_at = ?, finished_at = ? WHERE topic = ?`)
      .run(old, old, topic)
    const count = () =>
      (shared.database.prepare('SELECT count(*) AS n FROM queue_messages WHERE topic = ?').get(topic) as { n: number })
        .n
    expect(count()).toBe(1)
    const worker = queue.consume(topic, async () => undefined)
    await until(() => count() === 0, 'the old row to go')
    await worker.stop()
    await queue.close()
  })
})
