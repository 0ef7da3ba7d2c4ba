import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { runFixture, startFixture } from './__fixtures__/run-fixture.js'
import { useStores } from './__fixtures__/test-store.js'
import { openStore } from './open-store.js'

const stores = useStores()

interface Reported {
  readonly seq: number
  readonly type: string
  readonly callId: string
}

/** Complete JSON lines only: the last one may have been cut by the kill. */
function reportedLines(text: string): Reported[] {
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as Reported)
}

async function until(condition: () => boolean, exited: Promise<unknown>, what: string): Promise<void> {
  let done = false
  void exited.then(() => (done = true))
  const deadline = Date.now() + 15_000
  while (!condition()) {
    if (done) throw new Error(`the child exited before ${what}`)
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('crash safety', () => {
  it('reopens cleanly after a writer is SIGKILLed mid-way, with every committed event and the unfinished calls', async () => {
    const dir = await stores.temp.make()
    const { child, output, exited } = startFixture('event-writer.ts', ['crash', dir, 'run_crash', 'inv_crash'])
    await until(() => reportedLines(output()).length >= 400, exited, '400 events were written')
    child.kill('SIGKILL')
    expect((await exited).signal).toBe('SIGKILL')
    const reported = reportedLines(output())

    const check = new DatabaseSync(`${dir}/toolhost.db`)
    try {
      expect(check.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }])
    } finally {
      check.close()
    }
    const store = openStore(dir)
    stores.temp.onCleanup(() => store.close())
    const events = store.events({ invocationId: 'inv_crash' })
    // Every event the child saw committed is there; at most one more committed before the kill landed.
    const bySeq = new Map(events.map((e) => [e.seq, e]))
    for (const r of reported) expect(bySeq.get(r.seq)).toMatchObject({ type: r.type, callId: r.callId })
    expect(events.length - reported.length).toBeGreaterThanOrEqual(0)
    expect(events.length - reported.length).toBeLessThanOrEqual(1)
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))

    // Unfinished: every fourth call by design, plus the one in flight when the kill came, if any.
    const finished = new Set(events.filter((e) => e.type === 'succeeded').map((e) => e.callId))
    const expected = [...new Set(events.map((e) => e.callId))].filter(
      (id): id is string => id !== null && !finished.has(id),
    )
    const unfinished = store.unfinishedCalls('inv_crash')
    expect(unfinished.map((c) => c.callId)).toEqual(expected)
    const designed = reported
      .filter((r) => r.type === 'running' && Number(r.callId.slice(5)) % 4 === 3)
      .map((r) => r.callId)
    expect(designed.length).toBeGreaterThan(10)
    for (const callId of designed)
      expect(unfinished).toContainEqual({
        callId,
        toolId: expect.stringMatching(/^builtin:test\.tool\d$/),
        started: true,
      })
    // The store is writable again.
    expect(
      store.appendEvent({ runId: 'run_crash', invocationId: 'inv_crash', type: 'turn_started', data: { round: 2 } })
        .seq,
    ).toBe(events.length + 1)
  })
})

describe('several writers', () => {
  it('two processes opening a fresh store and appending at once lose no event', async () => {
    const dir = await stores.temp.make()
    const count = 600
    const startAt = String(Date.now() + 2_500)
    const outputs = await Promise.all(
      ['a', 'b'].map((label) =>
        runFixture('event-writer.ts', ['burst', dir, 'run_shared', 'inv_shared', label, String(count), startAt]),
      ),
    )
    const [a, b] = outputs.map((text) => JSON.parse(text) as { seqs: number[]; ms: number })
    if (a === undefined || b === undefined) throw new Error('a writer printed nothing')

    const store = openStore(dir)
    stores.temp.onCleanup(() => store.close())
    const events = store.events({ invocationId: 'inv_shared' })
    expect(events).toHaveLength(2 * count)
    expect(new Set([...a.seqs, ...b.seqs]).size).toBe(2 * count)
    for (const [label, writer] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const mine = events.filter((e) => e.callId?.startsWith(`${label}-`))
      expect(mine.map((e) => e.seq)).toEqual(writer.seqs)
      expect(mine.map((e) => e.callId)).toEqual(Array.from({ length: count }, (_, i) => `${label}-${i}`))
    }
    // Whether the two bursts interleave depends on the machine's load; waiting on the lock is
    // checked deterministically by the busy-timeout test below.
  })

  it('waits for the busy timeout, then reports the lock instead of hanging', async () => {
    const { store, runId, invocationId } = await stores.withInvocation({ busyTimeoutMs: 200 })
    const holder = new DatabaseSync(store.dbPath)
    stores.temp.onCleanup(() => holder.close())
    holder.exec('BEGIN IMMEDIATE')
    const started = performance.now()
    expect(() => store.appendEvent({ runId, invocationId, type: 'turn_started', data: { round: 1 } })).toThrow(/locked/)
    expect(performance.now() - started).toBeGreaterThanOrEqual(150)
    holder.exec('ROLLBACK')
    expect(store.appendEvent({ runId, invocationId, type: 'turn_started', data: { round: 1 } }).seq).toBe(1)
  })
})
