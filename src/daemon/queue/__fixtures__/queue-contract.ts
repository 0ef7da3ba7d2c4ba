import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { busMessage, type BusMessage } from '../../bus/bus-message.js'
import type { ChildQueueConfig } from './child-config.js'
import type { Delivery, MessageQueue, QueueSettings } from '../message-queue.js'

/** One backend as the contract drives it. */
export interface QueueFixture {
  /** A new queue over the shared backing (one database file, or one Redis server and prefix). */
  open(settings?: QueueSettings): Promise<MessageQueue>
  /** Stores a message body that is not a bus message, as a damaged row or job would be. */
  injectBad(topic: string, body: unknown): Promise<void>
  /** How a child process opens the same backing. */
  readonly child: Pick<ChildQueueConfig, 'spec' | 'dataDir'> & { readonly prefix?: string }
}

const root = join(import.meta.dirname, '..', '..', '..', '..')
const register = join(root, 'scripts', 'register-ts.ts')
const childScript = join(import.meta.dirname, 'queue-child.ts')

/** Waits until `check` holds, polling; fails after `ms` (a guard against hangs, not a speed limit). */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A user message with a fresh idempotency key (or the one given). */
export function message(key: string = randomUUID()): BusMessage {
  return busMessage('user_message', {
    conversationId: 'cv_1',
    idempotencyKey: key,
    correlationId: 'cor_1',
    messageId: `m_${key}`,
  })
}

const topicName = () => `t${randomUUID().slice(0, 8)}`

/** The shared cases every backend passes; call inside a `describe` whose `fixture()` is ready. */
export function queueContract(fixture: () => QueueFixture): void {
  const opened: MessageQueue[] = []
  const children: ChildProcess[] = []
  const open = async (settings?: QueueSettings) => {
    const queue = await fixture().open(settings)
    opened.push(queue)
    return queue
  }
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
    await Promise.all(opened.splice(0).map((queue) => queue.close()))
  })

  /** Starts a queue-child; `lines()` is what it printed so far. */
  const startChild = (topic: string, mode: ChildQueueConfig['mode'], settings: QueueSettings = {}) => {
    const { spec, dataDir, prefix } = fixture().child
    const config: ChildQueueConfig = {
      spec,
      ...(dataDir !== undefined && { dataDir }),
      settings: { ...settings, ...(prefix !== undefined && { prefix }) },
      topic,
      mode,
      concurrency: 4,
    }
    const child = spawn(process.execPath, ['--import', register, childScript, JSON.stringify(config)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    const lines = () => {
      if (child.exitCode !== null) throw new Error(`queue child exited ${child.exitCode}: ${err}`)
      return out.split('\n').filter((line) => line !== '')
    }
    return { child, lines }
  }

  it('delivers a published message to a consumer of its topic', async () => {
    const queue = await open()
    const topic = topicName()
    const sent = message()
    expect(await queue.publish(topic, sent)).toEqual({ published: true })
    const got: Delivery[] = []
    queue.consume(topic, async (delivery) => void got.push(delivery))
    await until(() => got.length === 1, 'the delivery')
    expect(got[0]?.message).toEqual(sent)
    expect(got[0]?.attempt).toBe(1)
    await until(async () => (await statsOf(queue, topic)).waiting === 0, 'nothing waiting')
  })

  it('publishes a key once, to any topic, also after the message was handled', async () => {
    const queue = await open()
    const [topic, other] = [topicName(), topicName()]
    const sent = message()
    expect(await queue.publish(topic, sent)).toEqual({ published: true })
    expect(await queue.publish(topic, { ...sent, id: 'bus_other' })).toEqual({ published: false })
    expect(await queue.publish(other, sent)).toEqual({ published: false })
    let handled = 0
    const worker = queue.consume(topic, async () => void (handled += 1))
    await until(() => handled === 1, 'the delivery')
    await worker.stop()
    expect(await queue.publish(topic, sent)).toEqual({ published: false })
    expect(await statsOf(queue, topic)).toMatchObject({ waiting: 0, active: 0, dead: 0 })
    expect((await statsOf(queue, other)).waiting).toBe(0)
  })

  it('retries a throwing handler with backoff, then keeps it as a dead letter with the error', async () => {
    const backoffMs = 30
    const queue = await open({ maxAttempts: 3, backoffMs })
    const topic = topicName()
    const sent = message()
    await queue.publish(topic, sent)
    const seen: { attempt: number; at: number }[] = []
    queue.consume(topic, async ({ attempt }) => {
      seen.push({ attempt, at: Date.now() })
      throw new Error(`boom ${attempt}`)
    })
    await until(async () => (await queue.deadLetters(topic)).length === 1, 'the dead letter')
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3])
    // The backoff is a lower bound whatever the machine's speed: 30 ms, then 60 ms.
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(backoffMs - 5)
    expect((seen[2]?.at ?? 0) - (seen[1]?.at ?? 0)).toBeGreaterThanOrEqual(2 * backoffMs - 5)
    const [dead] = await queue.deadLetters(topic)
    expect(dead).toMatchObject({ message: sent, attempts: 3 })
    expect(dead?.error).toContain('boom 3')
    expect(await statsOf(queue, topic)).toMatchObject({ waiting: 0, active: 0, dead: 1 })
  })

  it('does not count { retryInMs } as an attempt', async () => {
    const queue = await open({ maxAttempts: 2, backoffMs: 10 })
    const topic = topicName()
    await queue.publish(topic, message())
    const attempts: number[] = []
    queue.consume(topic, async ({ attempt }) => {
      attempts.push(attempt)
      return attempts.length < 4 ? { retryInMs: 10 } : undefined
    })
    await until(() => attempts.length === 4, 'four deliveries')
    expect(attempts).toEqual([1, 1, 1, 1])
    await until(async () => (await statsOf(queue, topic)).waiting === 0, 'nothing waiting')
    expect(await queue.deadLetters(topic)).toEqual([])
  })

  it('runs at most `concurrency` handlers at once', async () => {
    const queue = await open()
    const topic = topicName()
    for (let i = 0; i < 10; i++) await queue.publish(topic, message())
    const gates: (() => void)[] = []
    let running = 0
    let most = 0
    let handled = 0
    queue.consume(
      topic,
      async () => {
        running += 1
        most = Math.max(most, running)
        await new Promise<void>((resolve) => gates.push(resolve))
        running -= 1
        handled += 1
      },
      { concurrency: 3 },
    )
    while (handled < 10) {
      const expected = Math.min(3, 10 - handled)
      await until(() => running === expected, `${expected} handlers running`)
      for (const open of gates.splice(0)) open()
      await until(() => running === 0 || gates.length > 0 || handled === 10, 'handlers to finish')
    }
    expect(most).toBe(3)
  })

  it('keeps topics apart', async () => {
    const queue = await open()
    const [a, b] = [topicName(), topicName()]
    const forA = message()
    await queue.publish(b, message())
    await queue.publish(a, forA)
    const got: BusMessage[] = []
    queue.consume(a, async ({ message }) => void got.push(message))
    await until(() => got.length === 1, 'the delivery on a')
    await until(async () => (await statsOf(queue, a)).waiting === 0, 'a drained')
    expect(got).toEqual([forA])
    expect((await statsOf(queue, b)).waiting).toBe(1)
  })

  it('stop() aborts the signal and waits for the running handler', async () => {
    const queue = await open()
    const topic = topicName()
    await queue.publish(topic, message())
    let started = false
    let finished = false
    let aborted = false
    const worker = queue.consume(topic, async ({ signal }) => {
      started = true
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
      aborted = signal.aborted
      await new Promise((resolve) => setTimeout(resolve, 20))
      finished = true
    })
    await until(() => started, 'the handler to start')
    await worker.stop()
    expect({ aborted, finished }).toEqual({ aborted: true, finished: true })
  })

  it('gives the attempt back when a handler gives up because its worker stops', async () => {
    const queue = await open()
    const topic = topicName()
    await queue.publish(topic, message())
    let started = false
    const worker = queue.consume(topic, async ({ signal }) => {
      started = true
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
      throw new Error('stopped before finishing')
    })
    await until(() => started, 'the handler to start')
    await worker.stop()
    const attempts: number[] = []
    queue.consume(topic, async ({ attempt }) => void attempts.push(attempt))
    await until(() => attempts.length === 1, 'the delivery again')
    expect(attempts).toEqual([1])
    expect(await queue.deadLetters(topic)).toEqual([])
  })

  it('delivers again a message whose worker process was killed holding it', async () => {
    const settings = { visibilityTimeoutMs: 1000 }
    const topic = topicName()
    const queue = await open(settings)
    const sent = message()
    await queue.publish(topic, sent)
    const holder = startChild(topic, 'hold', settings)
    await until(() => holder.lines().includes(`took ${sent.idempotencyKey}`), 'the child to take it')
    holder.child.kill('SIGKILL')
    await new Promise((resolve) => holder.child.once('exit', resolve))
    const got: Delivery[] = []
    queue.consume(topic, async (delivery) => void got.push(delivery))
    await until(() => got.length === 1, 'the delivery again')
    expect(got[0]).toMatchObject({ message: sent, attempt: 2 })
  })

  it('counts waiting, active and dead messages per topic', async () => {
    const queue = await open({ maxAttempts: 1 })
    const topic = topicName()
    const [fails, holds, passes] = [message(), message(), message()]
    for (const m of [fails, holds, passes]) await queue.publish(topic, m)
    expect(await statsOf(queue, topic)).toEqual({ topic, waiting: 3, active: 0, dead: 0 })
    let release = () => undefined as void
    let done = 0
    const worker = queue.consume(
      topic,
      async ({ message }) => {
        if (message.idempotencyKey === fails.idempotencyKey) throw new Error('no')
        if (message.idempotencyKey === holds.idempotencyKey) await new Promise<void>((r) => (release = r))
        done += 1
      },
      { concurrency: 3 },
    )
    await until(
      async () =>
        JSON.stringify(await statsOf(queue, topic)) === JSON.stringify({ topic, waiting: 0, active: 1, dead: 1 }),
      'one active, one dead',
    )
    release()
    await until(() => done === 2, 'the held one to finish')
    await worker.stop()
  })

  it('puts a message that is not a bus message among the dead letters, with the reason', async () => {
    const queue = await open()
    const topic = topicName()
    await fixture().injectBad(topic, { kind: 'nonsense', idempotencyKey: 'bad' })
    let handled = 0
    queue.consume(topic, async () => void (handled += 1))
    await until(async () => (await queue.deadLetters(topic)).length === 1, 'the dead letter')
    const [dead] = await queue.deadLetters(topic)
    expect(dead?.message).toBeUndefined()
    expect(dead?.error).toContain('not a bus message')
    expect(JSON.parse(dead?.body ?? 'null')).toMatchObject({ kind: 'nonsense' })
    expect(handled).toBe(0)
  })

  it('hands each of 200 messages to exactly one of two worker processes', async () => {
    const queue = await open()
    const topic = topicName()
    const workers = [startChild(topic, 'handle'), startChild(topic, 'handle')]
    await until(() => workers.every((w) => w.lines().includes('ready')), 'both workers')
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}-${randomUUID()}`)
    for (const key of keys) await queue.publish(topic, message(key))
    const handled = () =>
      workers.flatMap((w) =>
        w
          .lines()
          .filter((l) => l.startsWith('handled '))
          .map((l) => l.slice(8)),
      )
    await until(() => handled().length >= 200, '200 deliveries', 60_000)
    await until(async () => (await statsOf(queue, topic)).active === 0, 'no message active')
    expect(handled().sort()).toEqual([...keys].sort())
  })
}

/** The counts of one topic (zero when the backend lists none for it). */
export async function statsOf(queue: MessageQueue, topic: string) {
  const found = (await queue.stats()).find((s) => s.topic === topic)
  return found ?? { topic, waiting: 0, active: 0, dead: 0 }
}
