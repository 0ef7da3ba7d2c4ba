import { describe, expect, it } from 'vitest'
import { addConversation, manualClock, scheduleDataDir, scheduleStore } from './__fixtures__/schedule-store.js'
import { checkScheduleSpec, checkTimeZone, nextCronRun, parseOffsetTime } from './schedule-spec.js'
import { createScheduleService } from './schedule-table.js'

const store = scheduleStore(scheduleDataDir())
addConversation(store, 'test:a')
addConversation(store, 'test:b')

const rejects = (fn: () => unknown, code: string, message?: string | RegExp) => {
  let thrown: unknown
  try {
    fn()
  } catch (error) {
    thrown = error
  }
  expect(thrown).toMatchObject({ name: 'ToolError', code })
  if (message !== undefined) expect((thrown as Error).message).toMatch(message)
}

describe('checkScheduleSpec', () => {
  const now = Date.parse('2026-12-02T10:00:00Z')

  it('computes the first due time of a cron expression in its zone (UTC by default)', () => {
    expect(checkScheduleSpec({ cron: '0 9 * * 1-5', timeZone: 'Europe/Berlin', prompt: 'p' }, now)).toEqual({
      kind: 'cron',
      cron: '0 9 * * 1-5',
      timeZone: 'Europe/Berlin',
      firstDueAt: Date.parse('2026-12-03T08:00:00Z'),
    })
    expect(checkScheduleSpec({ cron: '30 10 * * *', prompt: 'p' }, now)).toMatchObject({
      timeZone: 'UTC',
      firstDueAt: Date.parse('2026-12-02T10:30:00Z'),
    })
    expect(checkScheduleSpec({ cron: '0 0 12 * * *', timeZone: 'europe/berlin', prompt: 'p' }, now)).toMatchObject({
      timeZone: 'Europe/Berlin',
      firstDueAt: Date.parse('2026-12-02T11:00:00Z'),
    })
  })

  it('takes one time with an offset', () => {
    expect(checkScheduleSpec({ at: '2026-12-24T18:00:00+01:00', prompt: 'p' }, now)).toEqual({
      kind: 'once',
      at: Date.parse('2026-12-24T17:00:00Z'),
      firstDueAt: Date.parse('2026-12-24T17:00:00Z'),
    })
  })

  it('refuses both or neither of cron and at, and a zone with at', () => {
    const spec = (fields: object) => () => checkScheduleSpec({ prompt: 'p', ...fields }, now)
    rejects(spec({ cron: '* * * * *', at: '2026-12-24T18:00:00Z' }), 'schedule.invalid_spec', /not both/)
    rejects(spec({}), 'schedule.invalid_spec', /e\.g\. "0 9 \* \* 1-5"/)
    rejects(spec({ cron: ' ', at: '' }), 'schedule.invalid_spec')
    rejects(spec({ at: '2026-12-24T18:00:00Z', timeZone: 'Europe/Berlin' }), 'schedule.invalid_spec', /offset/)
  })

  it('says what croner found wrong with a cron expression and gives an example', () => {
    const cron = (expression: string) => () => checkScheduleSpec({ cron: expression, prompt: 'p' }, now)
    rejects(
      cron('61 * * * *'),
      'schedule.invalid_cron',
      'The cron expression "61 * * * *" is not valid: Invalid value for minute: 61. Use five fields (minute hour day-of-month month day-of-week), e.g. "0 9 * * 1-5" for weekdays at 09:00 or "*/15 * * * *" for every 15 minutes.',
    )
    rejects(cron('every morning'), 'schedule.invalid_cron', /exactly five, six, or seven/)
    rejects(cron('0 0 * * * * 2030'), 'schedule.invalid_cron', /5 or 6 parts/)
    rejects(cron('0 9 30 2 *'), 'schedule.invalid_cron', /never fires/)
    rejects(cron('*/10 * * * * *'), 'schedule.invalid_cron', /more than once a minute/)
  })

  it('refuses an unknown zone, a time without an offset, a date that does not exist and a past time', () => {
    rejects(
      () => checkScheduleSpec({ cron: '0 9 * * *', timeZone: 'Mars/Olympus', prompt: 'p' }, now),
      'schedule.unknown_time_zone',
      'Unknown time zone "Mars/Olympus". Use an IANA name such as "Europe/Berlin", "America/New_York" or "UTC".',
    )
    for (const at of ['2026-12-24T18:00:00', '2026-12-24', 'tomorrow', '2027-02-30T10:00:00Z', '2026-12-24T25:00Z'])
      rejects(() => parseOffsetTime(at), 'schedule.invalid_time', /e\.g\. "2026-12-24T18:00:00\+01:00"/)
    rejects(
      () => checkScheduleSpec({ at: '2026-12-02T10:59:00+01:00', prompt: 'p' }, now),
      'schedule.time_passed',
      'at 2026-12-02T10:59:00+01:00 is in the past: it is now 2026-12-02T10:00:00.000Z. Give a later time, with the offset of the place it is meant for.',
    )
    expect(checkTimeZone('UTC')).toBe('UTC')
  })

  it('steps over the hour a DST change skips, and fires once in the hour it repeats', () => {
    const berlin = (after: string) => new Date(nextCronRun('30 2 * * *', 'Europe/Berlin', Date.parse(after)) ?? 0)
    // 29 March 2026: 02:00 CET becomes 03:00 CEST, so 02:30 does not occur that night.
    expect(berlin('2026-03-28T12:00:00Z').toISOString()).toBe('2026-03-29T01:00:00.000Z')
    expect(berlin('2026-03-29T01:00:00Z').toISOString()).toBe('2026-03-30T00:30:00.000Z')
    // 25 October 2026: 03:00 CEST becomes 02:00 CET, so 02:30 occurs twice; it fires at the first.
    expect(berlin('2026-10-24T12:00:00Z').toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(berlin('2026-10-25T00:30:00Z').toISOString()).toBe('2026-10-26T01:30:00.000Z')
    // 09:00 local is 08:00 UTC in winter and 07:00 UTC in summer.
    const nine = (after: string) => new Date(nextCronRun('0 9 * * *', 'Europe/Berlin', Date.parse(after)) ?? 0)
    expect(nine('2026-03-28T08:00:00Z').toISOString()).toBe('2026-03-29T07:00:00.000Z')
    expect(nextCronRun('not cron', 'UTC', 0)).toBeUndefined()
  })
})

describe('createScheduleService', () => {
  const clock = manualClock('2026-12-02T10:00:00Z')
  const a = createScheduleService(store, { conversationId: 'test:a', now: clock.now })
  const b = createScheduleService(store, { conversationId: 'test:b', now: clock.now })

  it('creates schedules, once per call id', async () => {
    const weekly = await a.create({ cron: '0 9 * * 1', timeZone: 'Europe/Berlin', prompt: 'Weekly report' }, 'inv:c1')
    expect(weekly).toEqual({
      id: expect.stringMatching(/^sch_[0-9a-f]{32}$/) as string,
      cron: '0 9 * * 1',
      timeZone: 'Europe/Berlin',
      prompt: 'Weekly report',
      state: 'active',
      nextDueAt: '2026-12-07T08:00:00.000Z',
      createdAt: '2026-12-02T10:00:00.000Z',
    })
    // The same call again (a turn run again after a crash) gets the same schedule, even with another spec.
    clock.add(60_000)
    expect(await a.create({ cron: '* * * * *', prompt: 'other' }, 'inv:c1')).toEqual(weekly)
    const once = await a.create({ at: '2026-12-24T18:00:00+01:00', prompt: 'Say merry Christmas' }, 'inv:c2')
    expect(once).toMatchObject({ at: '2026-12-24T17:00:00.000Z', nextDueAt: '2026-12-24T17:00:00.000Z' })
    expect(once).not.toHaveProperty('cron')
    expect(store.database.prepare('SELECT COUNT(*) AS n FROM schedules').get()).toEqual({ n: 2 })
  })

  it('stores nothing for a refused spec', async () => {
    await expect(a.create({ cron: 'nope', prompt: 'x' }, 'inv:c3')).rejects.toMatchObject({
      code: 'schedule.invalid_cron',
    })
    expect(store.database.prepare("SELECT COUNT(*) AS n FROM schedules WHERE created_by = 'inv:c3'").get()).toEqual({
      n: 0,
    })
  })

  it('refuses a schedule past the most a conversation may have active', async () => {
    addConversation(store, 'test:busy')
    const busy = createScheduleService(store, { conversationId: 'test:busy', now: clock.now, maxActive: 2 })
    const first = await busy.create({ cron: '0 * * * *', prompt: 'one' }, 'inv:b1')
    await busy.create({ cron: '0 * * * *', prompt: 'two' }, 'inv:b2')
    await expect(busy.create({ cron: '0 * * * *', prompt: 'three' }, 'inv:b3')).rejects.toMatchObject({
      code: 'schedule.limit_exceeded',
      message:
        'This conversation already has 2 active schedules, the most it may have. Cancel ones it no longer needs with schedule_cancel (see them with schedule_list), then create this one again.',
    })
    await busy.cancel(first.id)
    expect(await busy.create({ cron: '0 * * * *', prompt: 'three' }, 'inv:b3')).toMatchObject({ state: 'active' })
  })

  it("lists the conversation's schedules, active ones first, soonest first", async () => {
    const soon = await a.create({ at: '2026-12-03T08:00:00Z', prompt: 'Soon' }, 'inv:c4')
    await a.cancel(soon.id)
    const listed = await a.list()
    expect(listed.map((s) => [s.prompt, s.state])).toEqual([
      ['Weekly report', 'active'],
      ['Say merry Christmas', 'active'],
      ['Soon', 'cancelled'],
    ])
    expect(listed[2]).not.toHaveProperty('nextDueAt')
    expect(await b.list()).toEqual([])
  })

  it("cancels only the conversation's own schedules", async () => {
    const [weekly] = await a.list()
    if (weekly === undefined) throw new Error('no schedule')
    await expect(b.cancel(weekly.id)).rejects.toMatchObject({
      code: 'schedule.not_found',
      message: `This conversation has no schedule "${weekly.id}". Call schedule_list to see its schedules and their ids.`,
    })
    expect((await a.list())[0]?.state).toBe('active')
    const cancelled = await a.cancel(weekly.id)
    expect(cancelled).toMatchObject({ id: weekly.id, state: 'cancelled' })
    expect(cancelled).not.toHaveProperty('nextDueAt')
    // Cancelling again reports the cancelled schedule.
    expect(await a.cancel(weekly.id)).toEqual(cancelled)
    await expect(a.cancel('sch_unknown')).rejects.toMatchObject({ code: 'schedule.not_found' })
  })
})
