import { randomUUID } from 'node:crypto'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { closedPort } from '../../../test/closed-port.js'
import { describeWithRedis, startRedisServer, type RedisServer } from '../../../test/redis-server.js'
import { queueContract } from './__fixtures__/queue-contract.js'
import { openQueue } from './open-queue.js'
import { jobIdOf, openRedisQueue } from './redis-queue.js'

describeWithRedis('RedisQueue', () => {
  let server: RedisServer
  const prefix = `toolhost-test-${randomUUID().slice(0, 8)}`
  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => server.stop())

  queueContract(() => ({
    open: async (settings) => openRedisQueue(server.url, { ...settings, prefix }),
    injectBad: async (topic, body) => {
      const connection = new Redis(server.url)
      const queue = new Queue(topic, { connection, prefix })
      await queue.add('bad', body, { jobId: jobIdOf(randomUUID()) })
      await queue.close()
      connection.disconnect()
    },
    child: { spec: server.url, prefix },
  }))

  it('opens through openQueue for a redis:// URL', async () => {
    const queue = await openQueue(server.url, { prefix })
    expect(queue.backend).toBe('redis')
    await queue.close()
  })

  it('keeps its keys under the prefix', async () => {
    const other = `toolhost-test-${randomUUID().slice(0, 8)}`
    const queue = await openRedisQueue(server.url, { prefix: other })
    const topic = `t${randomUUID().slice(0, 8)}`
    await queue.publish(topic, {
      kind: 'llm_reply',
      id: 'bus_1',
      conversationId: 'cv',
      idempotencyKey: randomUUID(),
      correlationId: 'c',
      createdAt: 0,
      messageId: 'm',
    })
    const client = new Redis(server.url)
    const keys = await client.keys('*')
    client.disconnect()
    await queue.close()
    expect(keys.filter((key) => key.includes(topic)).every((key) => key.startsWith(`${other}:`))).toBe(true)
  })
})

it('fails fast naming an unreachable Redis without its password', async () => {
  const port = await closedPort()
  const failure = await openQueue(`redis://user:secret@127.0.0.1:${port}/0`, { connectTimeoutMs: 2000 }).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(Error)
  const text = (failure as Error).message
  expect(text).toContain(`cannot reach Redis at redis://user:***@127.0.0.1:${port}/0`)
  expect(text).not.toContain('secret')
})

it('refuses a queue spec that is neither sqlite nor a Redis URL', async () => {
  await expect(openQueue('postgres://db')).rejects.toThrow(/unknown queue "postgres:\/\/db"/)
  await expect(openQueue('sqlite')).rejects.toThrow(/needs the store/)
})
