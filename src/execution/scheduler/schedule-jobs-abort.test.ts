import { describe, expect, it } from 'vitest'
import { Harness, read, settleDown, until, untilTimers, write } from './__fixtures__/harness.js'
import { scheduleJobs } from './schedule-jobs.js'

describe('scheduleJobs: timeouts', () => {
  it('aborts a job that overruns with a TimeoutError and uses onTimeout()', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [write('a')], { timeoutMs: 1 }), h.job(1, [read('a')])], { onEvent: h.onEvent })
    await untilTimers(() => h.eventsOf('timed_out').length === 1)
    const reason: unknown = h.signals.get(0)?.reason
    expect(reason).toBeInstanceOf(DOMException)
    expect((reason as DOMException).name).toBe('TimeoutError')
    await until(() => h.started().length === 2)
    h.finish(1)
    expect(await done).toEqual(['timeout 0', 'result 1'])
    expect(h.events).toContainEqual({ type: 'timed_out', index: 0 })
    // The conflicting job started only once the aborted one had stopped.
    expect(h.log).toEqual(['start 0', 'end 0', 'start 1', 'end 1'])
  })

  it('settles a job that ignores its signal after the grace period and marks it abandoned', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [write('a')], { timeoutMs: 1, ignoreSignal: true }), h.job(1, [write('a')])], {
      onEvent: h.onEvent,
      abortGraceMs: 5,
    })
    await untilTimers(() => h.started().length === 2)
    expect(h.signals.get(0)?.aborted).toBe(true)
    h.finish(1)
    expect(await done).toEqual(['timeout 0', 'result 1'])
    expect(h.events).toContainEqual({ type: 'timed_out', index: 0, abandoned: true })
    expect(h.log).toEqual(['start 0', 'start 1', 'end 1'])
    h.finish(0) // the abandoned run ending late changes nothing
    await settleDown()
    expect(h.events.filter((e) => e.index === 0).map((e) => e.type)).toEqual(['queued', 'started', 'timed_out'])
  })

  it('leaves a job without timeoutMs alone', async () => {
    const h = new Harness()
    const done = scheduleJobs([h.job(0, [])])
    await until(() => h.running === 1)
    await settleDown()
    h.finish(0)
    expect(await done).toEqual(['result 0'])
  })
})

describe('scheduleJobs: cancellation', () => {
  it('never starts a job when the run was cancelled before the batch', async () => {
    const h = new Harness()
    const controller = new AbortController()
    controller.abort(new Error('stop'))
    const results = await scheduleJobs([h.job(0, []), h.job(1, [])], { signal: controller.signal, onEvent: h.onEvent })
    expect(results).toEqual(['cancel 0', 'cancel 1'])
    expect(h.log).toEqual([])
    expect(h.events.map((e) => `${e.type} ${e.index}`)).toEqual(['queued 0', 'queued 1', 'cancelled 0', 'cancelled 1'])
  })

  it('aborts running jobs, never starts the waiting ones and settles stubborn ones after the grace period', async () => {
    const h = new Harness()
    const controller = new AbortController()
    const jobs = [h.job(0, [write('a')]), h.job(1, [read('a')]), h.job(2, [], { ignoreSignal: true }), h.job(3, [])]
    const done = scheduleJobs(jobs, {
      signal: controller.signal,
      onEvent: h.onEvent,
      maxConcurrency: 2,
      abortGraceMs: 5,
    })
    await until(() => h.running === 2)
    expect(h.started()).toEqual([0, 2])
    const reason = new Error('user cancelled')
    controller.abort(reason)
    expect(await done).toEqual(['cancel 0', 'cancel 1', 'cancel 2', 'cancel 3'])
    expect(h.signals.get(0)?.reason).toBe(reason)
    expect(h.signals.get(2)?.aborted).toBe(true)
    expect(h.started()).toEqual([0, 2])
    expect(h.events).toContainEqual({ type: 'cancelled', index: 0 })
    expect(h.events).toContainEqual({ type: 'cancelled', index: 2, abandoned: true })
    expect(h.eventsOf('cancelled').sort()).toEqual([0, 1, 2, 3])
    expect(h.eventsOf('finished')).toEqual([])
  })

  it('keeps results of jobs that finished before the cancellation', async () => {
    const h = new Harness()
    const controller = new AbortController()
    const done = scheduleJobs([h.job(0, []), h.job(1, [])], { signal: controller.signal })
    await until(() => h.running === 2)
    h.finish(0)
    await until(() => h.running === 1)
    controller.abort()
    expect(await done).toEqual(['result 0', 'cancel 1'])
  })

  it('does not start a job when a listener cancels the run on its started event', async () => {
    const h = new Harness()
    const controller = new AbortController()
    const done = scheduleJobs([h.job(0, []), h.job(1, [])], {
      signal: controller.signal,
      onEvent: (event) => {
        h.onEvent(event)
        if (event.type === 'started' && event.index === 0) controller.abort()
      },
    })
    expect(await done).toEqual(['cancel 0', 'cancel 1'])
    expect(h.log).toEqual([])
    expect(h.events.map((e) => `${e.type} ${e.index}`)).toEqual([
      'queued 0',
      'queued 1',
      'started 0',
      'cancelled 0',
      'cancelled 1',
    ])
  })
})
