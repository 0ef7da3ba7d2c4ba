import { describe, expect, it, vi } from 'vitest'
import { openStore, type Store } from '../../store/store.js'
import { parseBusMessage } from '../bus/bus-message.js'
import { addConversation, manualClock, scheduleDataDir, scheduleStore } from './__fixtures__/schedule-store.js'
import { createScheduleService } from './schedule-table.js'
import { Scheduler, schedulerLease, schedulerLeaseTtlMs, type ScheduledTask } from './scheduler.js'

const minute = 60_000

/** A scheduler on `store` that records what it publishes. */
function schedulerOn(store: Store, clock: { now: () => number }, daemonId = 'daemon-1') {
  const published: ScheduledTask[] = []
  const scheduler = new Scheduler({
    store,
    daemonId,
    now: clock.now,
    publish: async (message) => {
      published.push(parseBusMessage(message) as ScheduledTask)
    },
  })
  return { scheduler, published }
}

function firings(store: Store, scheduleId: string) {
  return store.database
    .prepare('SELECT due_at, message_id FROM schedule_firings WHERE schedule_id = ? ORDER BY due_at')
    .all(scheduleId)
}

function messages(store: Store, conversationId: string) {
  return store.database
    .prepare(
      'SELECT id, role, text, state, correlation_id, attempts, data, at, updated_at FROM conversation_messages WHERE conversation_id = ? ORDER BY seq',
    )
    .all(conversationId)
}

/** A data directory with one conversation and a store on it. */
function setup(conversationId: string, start: string) {
  const dataDir = scheduleDataDir()
  const store = scheduleStore(dataDir)
  addConversation(store, conversationId)
  const clock = manualClock(start)
  const service = createScheduleService(store, { conversationId, now: clock.now })
  return { dataDir, store, clock, service }
}

describe('Scheduler', () => {
  it('fires a one-time schedule once: a pending message, a firing, a published task', async () => {
    const { store, clock, service } = setup('test:once', '2026-12-02T10:00:00Z')
    const schedule = await service.create({ at: '2026-12-02T10:05:00Z', prompt: 'Remind me of tea' }, 'inv:c1')
    const { scheduler, published } = schedulerOn(store, clock)

    clock.set('2026-12-02T10:04:59.999Z')
    expect(await scheduler.tick()).toEqual({ leader: true, fired: [] })

    clock.set('2026-12-02T10:05:00.500Z')
    const { fired } = await scheduler.tick()
    const dueAt = Date.parse('2026-12-02T10:05:00Z')
    expect(fired).toHaveLength(1)
    expect(published).toEqual(fired)
    const [task] = published
    const [message] = messages(store, 'test:once')
    expect(message).toEqual({
      id: task?.messageId,
      role: 'schedule',
      text: 'Remind me of tea',
      state: 'pending',
      correlation_id: task?.correlationId,
      attempts: 0,
      data: JSON.stringify({ scheduleId: schedule.id, dueAt }),
      at: clock.now(),
      updated_at: clock.now(),
    })
    expect(task).toMatchObject({
      kind: 'scheduled_task',
      conversationId: 'test:once',
      idempotencyKey: `schedule:${schedule.id}:${dueAt}`,
      scheduleId: schedule.id,
      dueAt,
    })
    expect(task?.messageId).toMatch(/^msg_/)
    expect(task?.correlationId).toMatch(/^cor_/)
    expect(firings(store, schedule.id)).toEqual([{ due_at: dueAt, message_id: task?.messageId }])
    expect((await service.list())[0]).toMatchObject({ state: 'done' })
    expect((await service.list())[0]).not.toHaveProperty('nextDueAt')

    clock.add(10 * minute)
    expect((await scheduler.tick()).fired).toEqual([])
    expect(messages(store, 'test:once')).toHaveLength(1)
  })

  it('fires a cron schedule every minute, and a time missed while down only once', async () => {
    const { store, clock, service } = setup('test:cron', '2026-12-02T10:00:30Z')
    const schedule = await service.create({ cron: '* * * * *', prompt: 'Check the queue' }, 'inv:c1')
    expect(schedule.nextDueAt).toBe('2026-12-02T10:01:00.000Z')
    const { scheduler, published } = schedulerOn(store, clock)

    for (const at of ['10:01:00', '10:01:30', '10:02:00.250', '10:03:05']) {
      clock.set(`2026-12-02T${at}Z`)
      await scheduler.tick()
    }
    expect(published.map((task) => new Date(task.dueAt).toISOString())).toEqual([
      '2026-12-02T10:01:00.000Z',
      '2026-12-02T10:02:00.000Z',
      '2026-12-02T10:03:00.000Z',
    ])
    // The daemon was down from 10:03:05 to 10:47:10: the 44 missed minutes fire once, then it goes on.
    clock.set('2026-12-02T10:47:10Z')
    await scheduler.tick()
    clock.set('2026-12-02T10:48:00Z')
    await scheduler.tick()
    expect(published.slice(3).map((task) => new Date(task.dueAt).toISOString())).toEqual([
      '2026-12-02T10:04:00.000Z',
      '2026-12-02T10:48:00.000Z',
    ])
    expect(firings(store, schedule.id)).toHaveLength(5)
    expect(messages(store, 'test:cron')).toHaveLength(5)
    expect((await service.list())[0]).toMatchObject({ state: 'active', nextDueAt: '2026-12-02T10:49:00.000Z' })
  })

  it('fires a due time once when two daemons on two connections tick at the same time', async () => {
    const { dataDir, store, clock, service } = setup('test:two', '2026-12-02T10:00:00Z')
    const schedule = await service.create({ cron: '*/5 * * * *', prompt: 'Two daemons' }, 'inv:c1')
    const other = scheduleStore(dataDir)
    const first = schedulerOn(store, clock, 'daemon-1')
    const second = schedulerOn(other, clock, 'daemon-2')

    clock.set('2026-12-02T10:05:00Z')
    const outcomes = await Promise.all([first.scheduler.tick(), second.scheduler.tick()])
    expect(outcomes.map((outcome) => outcome.leader)).toEqual([true, false])
    expect([...first.published, ...second.published]).toHaveLength(1)
    expect(firings(store, schedule.id)).toHaveLength(1)
    expect(messages(other, 'test:two')).toHaveLength(1)

    // Once the holder's lease expired (it stopped ticking), the other daemon takes over.
    clock.add(schedulerLeaseTtlMs + 1)
    expect((await second.scheduler.tick()).leader).toBe(true)
    expect((await first.scheduler.tick()).leader).toBe(false)
    // The holder renews its lease every tick (at most 4 s apart), so it stays the one that fires.
    for (let at = clock.now(); at < Date.parse('2026-12-02T10:10:00Z'); at += 4_000) {
      clock.set(at)
      expect((await second.scheduler.tick()).leader).toBe(true)
    }
    clock.set('2026-12-02T10:10:00Z')
    await Promise.all([first.scheduler.tick(), second.scheduler.tick()])
    expect(first.published).toHaveLength(1)
    expect(second.published).toHaveLength(1)
    expect(firings(other, schedule.id)).toHaveLength(2)
  })

  it('fires a due time once when the lease changes hands at that due time', async () => {
    // The schedule is read again under the write lock, and the firings' key holds a due time once.
    const { dataDir, store, clock, service } = setup('test:race', '2026-12-02T10:00:00Z')
    const schedule = await service.create({ at: '2026-12-02T10:01:00Z', prompt: 'Race' }, 'inv:c1')
    const other = scheduleStore(dataDir)
    const first = schedulerOn(store, clock, 'daemon-1')
    const second = schedulerOn(other, clock, 'daemon-2')
    clock.set('2026-12-02T10:01:00Z')
    await first.scheduler.tick()
    // The lease is given up, so the second daemon ticks at the same due time as leader.
    await first.scheduler.stop()
    expect(other.database.prepare('SELECT * FROM daemon_leases WHERE name = ?').get(schedulerLease)).toBeUndefined()
    expect((await second.scheduler.tick()).leader).toBe(true)
    expect([...first.published, ...second.published]).toHaveLength(1)
    expect(firings(other, schedule.id)).toHaveLength(1)
  })

  it('does not fire a due time again after a restart', async () => {
    const { dataDir, store, clock, service } = setup('test:restart', '2026-12-02T10:00:00Z')
    const schedule = await service.create({ cron: '0 * * * *', prompt: 'Hourly' }, 'inv:c1')
    const before = schedulerOn(store, clock, 'daemon-1')
    clock.set('2026-12-02T11:00:00Z')
    await before.scheduler.tick()
    await before.scheduler.stop()
    store.close()

    const reopened = openStore(dataDir)
    try {
      const after = schedulerOn(reopened, clock, 'daemon-1b')
      clock.set('2026-12-02T11:00:30Z')
      expect(await after.scheduler.tick()).toEqual({ leader: true, fired: [] })
      clock.set('2026-12-02T12:00:00Z')
      expect((await after.scheduler.tick()).fired.map((task) => task.dueAt)).toEqual([
        Date.parse('2026-12-02T12:00:00Z'),
      ])
      expect(firings(reopened, schedule.id)).toHaveLength(2)
      await after.scheduler.stop()
    } finally {
      reopened.close()
    }
  })

  it('never records a due time twice, even when a schedule is set back to it', async () => {
    const { store, clock, service } = setup('test:key', '2026-12-02T10:00:00Z')
    const schedule = await service.create({ cron: '0 * * * *', prompt: 'Hourly' }, 'inv:c1')
    const { scheduler, published } = schedulerOn(store, clock)
    clock.set('2026-12-02T11:00:00Z')
    await scheduler.tick()
    const dueAt = Date.parse('2026-12-02T11:00:00Z')
    store.database.prepare('UPDATE schedules SET next_due_at = ? WHERE id = ?').run(dueAt, schedule.id)
    expect((await scheduler.tick()).fired).toEqual([])
    expect(published).toHaveLength(1)
    expect(messages(store, 'test:key')).toHaveLength(1)
    expect((await service.list())[0]?.nextDueAt).toBe('2026-12-02T12:00:00.000Z')
  })

  it('keeps a local time of day across a DST change', async () => {
    const { store, clock, service } = setup('test:dst', '2026-03-27T12:00:00Z')
    await service.create({ cron: '0 9 * * *', timeZone: 'Europe/Berlin', prompt: 'Good morning' }, 'inv:c1')
    const { scheduler, published } = schedulerOn(store, clock)
    // 09:00 in Berlin is 08:00 UTC before 29 March 2026 and 07:00 UTC from then on.
    for (const at of ['2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z', '2026-03-30T07:00:00Z']) {
      clock.set(at)
      await scheduler.tick()
    }
    expect(published.map((task) => new Date(task.dueAt).toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ])
  })

  it('never fires a cancelled schedule', async () => {
    const { store, clock, service } = setup('test:cancel', '2026-12-02T10:00:00Z')
    const cron = await service.create({ cron: '* * * * *', prompt: 'Every minute' }, 'inv:c1')
    const once = await service.create({ at: '2026-12-02T10:02:00Z', prompt: 'Once' }, 'inv:c2')
    await service.cancel(cron.id)
    await service.cancel(once.id)
    const { scheduler, published } = schedulerOn(store, clock)
    for (let i = 1; i <= 5; i++) {
      clock.add(minute)
      await scheduler.tick()
    }
    expect(published).toEqual([])
    expect(messages(store, 'test:cancel')).toEqual([])
  })

  it('keeps a firing when publishing fails: the message stays pending for the sweep', async () => {
    const { store, clock, service } = setup('test:publish', '2026-12-02T10:00:00Z')
    await service.create({ at: '2026-12-02T10:01:00Z', prompt: 'Offline' }, 'inv:c1')
    const warnings: string[] = []
    const scheduler = new Scheduler({
      store,
      daemonId: 'daemon-1',
      now: clock.now,
      publish: () => Promise.reject(new Error('queue closed')),
      log: { info: () => {}, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
    })
    clock.set('2026-12-02T10:01:00Z')
    expect((await scheduler.tick()).fired).toHaveLength(1)
    expect(warnings).toEqual(['scheduler: publishing a firing failed; it stays pending'])
    expect(messages(store, 'test:publish')).toMatchObject([{ state: 'pending', text: 'Offline' }])
    clock.add(minute)
    expect((await scheduler.tick()).fired).toEqual([])
  })

  it('ticks on its own once started, and gives the lease up when stopped', async () => {
    const { store, clock, service } = setup('test:timer', '2026-12-02T10:00:00Z')
    await service.create({ at: '2026-12-02T10:01:00Z', prompt: 'On time' }, 'inv:c1')
    clock.set('2026-12-02T10:01:00Z')
    const { scheduler, published } = schedulerOn(store, clock)
    const lease = () => store.database.prepare('SELECT owner FROM daemon_leases WHERE name = ?').get(schedulerLease)
    scheduler.start()
    await vi.waitFor(() => expect(published).toHaveLength(1))
    expect(lease()).toEqual({ owner: 'daemon-1' })
    await scheduler.stop()
    expect(lease()).toBeUndefined()
  })
})
