import { describe, expect, it } from 'vitest'
import { Harness, read, settleDown, until, write } from './__fixtures__/harness.js'
import { ScheduleError } from './schedule-error.js'
import { scheduleJobs } from './schedule-jobs.js'

describe('scheduleJobs: resource conflicts', () => {
  it('runs reads of one file together', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [read('a')]), h.job(1, [read('./a')])], { onEvent: h.onEvent })
    await until(() => h.running === 2)
    h.finish(1)
    h.finish(0)
    expect(await done).toEqual(['result 0', 'result 1'])
    expect(h.maxRunning).toBe(2)
  })

  it('makes a read wait for an earlier write of the same file', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [write('a/b')]), h.job(1, [read('a/./b')])], { onEvent: h.onEvent })
    await settleDown()
    expect(h.started()).toEqual([0])
    h.finish(0)
    await until(() => h.started().length === 2)
    h.finish(1)
    await done
    expect(h.log).toEqual(['start 0', 'end 0', 'start 1', 'end 1'])
  })

  it('runs writes of different files together', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [write('a')]), h.job(1, [write('b')])])
    await until(() => h.running === 2)
    h.finish(0)
    h.finish(1)
    await done
  })

  it('serialises writes of one file in model order', async () => {
    const h = new Harness()
    const done = scheduleJobs([0, 1, 2].map((i) => h.job(i, [write('f')])))
    for (const index of [0, 1, 2]) {
      await until(() => h.started().length === index + 1)
      await settleDown()
      expect(h.running).toBe(1)
      h.finish(index)
    }
    await done
    expect(h.log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2'])
  })

  it('holds every later file or workspace job behind a workspace write', async () => {
    const h = new Harness()
    const jobs = [
      h.job(0, [read('x')]),
      h.job(1, [{ kind: 'workspace', access: 'write' }]),
      h.job(2, [read('a')]),
      h.job(3, [write('b')]),
      h.job(4, [{ kind: 'workspace', access: 'read' }]),
      h.job(5, [read('c')]),
    ]
    const done = scheduleJobs(jobs)
    await settleDown()
    expect(h.started()).toEqual([0])
    h.finish(0)
    await until(() => h.started().length === 2)
    await settleDown()
    expect(h.started()).toEqual([0, 1])
    h.finish(1)
    await until(() => h.running === 3)
    await settleDown()
    // The workspace read (4) also waits for the file write (3) before it.
    expect(h.started()).toEqual([0, 1, 2, 3, 5])
    h.finish(3)
    await until(() => h.started().length === 6)
    for (const i of [2, 4, 5]) h.finish(i)
    await done
  })

  it('runs an exclusive job alone, after the earlier jobs and before the later ones', async () => {
    const h = new Harness()
    const done = scheduleJobs([
      h.job(0, [read('a')]),
      h.job(1, [{ kind: 'exclusive' }]),
      h.job(2, [read('b')]),
      h.job(3, []),
    ])
    await settleDown()
    expect(h.started()).toEqual([0])
    h.finish(0)
    await until(() => h.started().length === 2)
    await settleDown()
    expect(h.running).toBe(1)
    h.finish(1)
    await until(() => h.running === 2)
    expect(h.started()).toEqual([0, 1, 2, 3])
    h.finish(2)
    h.finish(3)
    await done
  })

  it('does not let a blocked job hold back a later independent job', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [write('a')]), h.job(1, [read('a')]), h.job(2, [write('b')])])
    await until(() => h.running === 2)
    expect(h.started()).toEqual([0, 2])
    h.finish(2)
    h.finish(0)
    await until(() => h.started().length === 3)
    h.finish(1)
    expect(await done).toEqual(['result 0', 'result 1', 'result 2'])
  })
})

describe('scheduleJobs: concurrency', () => {
  it('runs at most maxConcurrency jobs and hands out slots in model order', async () => {
    const h = new Harness()
    const done = scheduleJobs(
      Array.from({ length: 10 }, (_, i) => h.job(i, [])),
      { maxConcurrency: 3 },
    )
    for (let next = 0; next < 10; next += 1) {
      await until(() => h.started().length === Math.min(next + 3, 10))
      await settleDown()
      expect(h.running).toBe(Math.min(3, 10 - next))
      h.finish(next)
    }
    await done
    expect(h.maxRunning).toBe(3)
    expect(h.started()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('gives a freed slot to the earliest ready job, even one that was blocked', async () => {
    const h = new Harness()
    const done = scheduleJobs(
      [h.job(0, [write('a')]), h.job(1, [read('a')]), h.job(2, [read('b')]), h.job(3, [read('c')])],
      { maxConcurrency: 2 },
    )
    await until(() => h.running === 2)
    expect(h.started()).toEqual([0, 2])
    h.finish(0)
    await until(() => h.started().length === 3)
    await settleDown()
    expect(h.started()).toEqual([0, 2, 1])
    for (const i of [1, 2, 3]) h.finish(i)
    await done
    expect(h.started()).toEqual([0, 2, 1, 3])
  })

  it('defaults to 10 at once', async () => {
    const h = new Harness()
    const done = scheduleJobs(Array.from({ length: 12 }, (_, i) => h.job(i, [])))
    await until(() => h.running === 10)
    await settleDown()
    expect(h.started()).toHaveLength(10)
    for (let i = 0; i < 12; i += 1) h.finish(i)
    await done
    expect(h.maxRunning).toBe(10)
  })

  it('rejects invalid options', () => {
    expect(() => scheduleJobs([], { maxConcurrency: 0 })).toThrow(RangeError)
    expect(() => scheduleJobs([], { maxConcurrency: 1.5 })).toThrow(RangeError)
    expect(() => scheduleJobs([new Harness().job(0, [], { timeoutMs: -1 })])).toThrow(RangeError)
  })
})

describe('scheduleJobs: batches of starts', () => {
  it('announces the jobs that start together in one call, before any of them runs', async () => {
    const h = new Harness()
    const batches: string[] = []
    const done = scheduleJobs(
      [0, 1, 2, 3, 4].map((i) => h.job(i, [])),
      {
        maxConcurrency: 3,
        beforeStart: (indices) => void batches.push(`${indices.join(',')} after ${h.started().length}`),
      },
    )
    await until(() => h.running === 3)
    expect(batches).toEqual(['0,1,2 after 0'])
    // Slots freed in the same tick fill as one batch.
    h.finish(0)
    h.finish(1)
    await until(() => h.started().length === 5)
    expect(batches).toEqual(['0,1,2 after 0', '3,4 after 3'])
    for (const i of [2, 3, 4]) h.finish(i)
    await done
  })

  it('runs none of a batch whose beforeStart throws, and fails each of them with its error', async () => {
    const h = new Harness()
    const disk = new Error('disk full')
    const done = scheduleJobs([h.job(0, []), h.job(1, [])], {
      beforeStart: () => {
        throw disk
      },
    })
    const error = await done.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ScheduleError)
    expect((error as ScheduleError<string>).failures).toEqual([
      { index: 0, error: disk },
      { index: 1, error: disk },
    ])
    expect(h.started()).toEqual([])
  })
})

describe('scheduleJobs: results and events', () => {
  it('returns results in job order whatever order the jobs finish in', async () => {
    const h = new Harness()
    const done = scheduleJobs(
      [0, 1, 2, 3].map((i) => h.job(i, [])),
      { onEvent: h.onEvent },
    )
    await until(() => h.running === 4)
    for (const i of [3, 1, 0, 2]) {
      h.finish(i)
      await until(() => h.eventsOf('finished').includes(i))
    }
    expect(await done).toEqual(['result 0', 'result 1', 'result 2', 'result 3'])
    expect(h.eventsOf('finished')).toEqual([3, 1, 0, 2])
  })

  it('emits queued for every job first, then started and one terminal event per job', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [write('a')]), h.job(1, [read('a')])], { onEvent: h.onEvent })
    await settleDown()
    h.finish(0)
    await until(() => h.started().length === 2)
    h.finish(1)
    await done
    expect(h.events.map((e) => `${e.type} ${e.index}`)).toEqual([
      'queued 0',
      'queued 1',
      'started 0',
      'finished 0',
      'started 1',
      'finished 1',
    ])
  })

  it('resolves an empty batch with no results', async () => {
    expect(await scheduleJobs([])).toEqual([])
  })

  it('keeps siblings running when a job fails and reports the failure after all settled', async () => {
    const h = new Harness()
    let settled = false
    const done = scheduleJobs([h.job(0, []), h.job(1, []), h.job(2, [write('a')]), h.job(3, [read('a')])], {
      onEvent: h.onEvent,
    })
    done.catch(() => undefined).finally(() => (settled = true))
    await until(() => h.running === 3)
    const boom = new Error('boom')
    h.gates.get(2)?.reject(boom)
    await until(() => h.started().length === 4)
    await settleDown()
    expect(settled).toBe(false)
    expect([0, 1, 3].map((i) => h.signals.get(i)?.aborted)).toEqual([false, false, false])
    for (const i of [0, 1, 3]) h.finish(i)
    const error = await done.then(
      () => expect.fail('expected a ScheduleError'),
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ScheduleError)
    expect(error).toBeInstanceOf(AggregateError)
    const scheduleError = error as ScheduleError<string>
    expect(scheduleError.results).toEqual(['result 0', 'result 1', undefined, 'result 3'])
    expect(scheduleError.failures).toEqual([{ index: 2, error: boom }])
    expect(scheduleError.errors).toEqual([boom])
    expect(h.events).toContainEqual({ type: 'finished', index: 2, failed: true })
  })

  it('treats a run that throws synchronously as a failure of that job only', async () => {
    const done = scheduleJobs<string>([
      {
        claims: [],
        run: () => {
          throw new Error('sync')
        },
        onTimeout: () => 't',
        onCancel: () => 'c',
      },
      { claims: [], run: async () => 'ok', onTimeout: () => 't', onCancel: () => 'c' },
    ])
    await expect(done).rejects.toMatchObject({ results: [undefined, 'ok'], failures: [{ index: 0 }] })
  })

  it('survives a listener that throws', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [])], {
      onEvent: () => {
        throw new Error('listener')
      },
    })
    await until(() => h.running === 1)
    h.finish(0)
    expect(await done).toEqual(['result 0'])
  })
})
