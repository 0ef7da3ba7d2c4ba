import { mkdtempSync, rmSync } from 'node:fs'
import { memoryTaskList } from '../chat/__fixtures__/memory-run.js'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import { callTool } from '../../../test/tool-calls.js'
import { addConversation, manualClock } from '../../daemon/schedules/__fixtures__/schedule-store.js'
import { createScheduleService } from '../../daemon/schedules/schedule-table.js'
import { createToolHost, type ToolHost } from '../../host/create-tool-host.js'
import type { DescriptionContext } from '../../tool/define-tool.js'
import type { RunServices, ScheduleService } from '../../tool/run-services.js'
import { scheduleCancelTool, scheduleCreateTool, scheduleListTool, scheduleTools } from './index.js'

let dataDir: string
let host: ToolHost
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'toolhost-schedule-tools-'))
  host = await createToolHost({ dataDir })
  addConversation(host.store(), 'test:alice')
  addConversation(host.store(), 'test:bob')
})
afterAll(async () => {
  await host.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const clock = manualClock('2026-12-02T10:00:00Z')

function runWith(schedules: ScheduleService): RunServices {
  return {
    runId: 'run-1',
    tasks: memoryTaskList(),
    conversation: () => [],
    lorebook: () => undefined,
    publish: async () => {},
    finish: () => {},
    schedules,
  }
}

/** An invocation of a daemon run in `conversationId`, whose approver allows every call. */
async function invocationIn(conversationId: string) {
  const schedules = createScheduleService(host.store(), { conversationId, now: clock.now })
  return host.createInvocation({
    scope: 'chat',
    protocol: 'anthropic',
    features: ['run', 'schedules'],
    run: runWith(schedules),
    approver: async () => ({ behavior: 'allow', scope: 'once' }),
  })
}

let next = 0
async function call(inv: Awaited<ReturnType<typeof invocationIn>>, name: string, args: Record<string, unknown>) {
  const [result] = await inv.executeTurn({ calls: [{ callId: `c${++next}`, name, arguments: args }] })
  if (result === undefined) throw new Error('no result')
  return result
}

describe('schedule tools through executeTurn', () => {
  it('are offered only to runs with schedules', async () => {
    const plain = await host.createInvocation({ scope: 'chat', protocol: 'anthropic', features: ['run'] })
    expect(plain.snapshot.bindings.map((b) => b.alias).filter((alias) => alias.startsWith('schedule_'))).toEqual([])
    const inv = await invocationIn('test:alice')
    expect(inv.snapshot.bindings.map((b) => b.alias).filter((alias) => alias.startsWith('schedule_'))).toEqual([
      'schedule_cancel',
      'schedule_create',
      'schedule_list',
    ])
  })

  it('create → list → cancel', async () => {
    const inv = await invocationIn('test:alice')
    const created = await call(inv, 'schedule_create', {
      cron: '0 9 * * 1',
      time_zone: 'Europe/Berlin',
      prompt: 'Send the weekly summary of open tasks.',
    })
    expect(created).toMatchObject({ isError: false, toolId: 'builtin:schedule.create' })
    const id = (created.structured?.schedule as { id: string }).id
    expect(created.content).toBe(
      `Scheduled ${id}: every "0 9 * * 1" (Europe/Berlin); next due 2026-12-07T08:00:00Z (Mon 7 Dec, 09:00 in Europe/Berlin). When it fires you will be told: "Send the weekly summary of open tasks.". schedule_list shows the schedules, schedule_cancel stops one.`,
    )
    const once = await call(inv, 'schedule_create', { at: '2026-12-24T18:00:00+01:00', prompt: 'Say merry Christmas' })
    const onceId = (once.structured?.schedule as { id: string }).id
    expect(once.content).toContain(`Scheduled ${onceId}: once at 2026-12-24T17:00:00Z; next due 2026-12-24T17:00:00Z.`)

    const listed = await call(inv, 'schedule_list', {})
    expect(listed).toMatchObject({ isError: false, structured: { total: 2 } })
    expect(listed.content).toBe(
      [
        '2 schedules in this conversation, active first:',
        `- ${id}: every "0 9 * * 1" (Europe/Berlin); next due 2026-12-07T08:00:00Z (Mon 7 Dec, 09:00 in Europe/Berlin). Prompt: "Send the weekly summary of open tasks."`,
        `- ${onceId}: once at 2026-12-24T17:00:00Z; next due 2026-12-24T17:00:00Z. Prompt: "Say merry Christmas"`,
      ].join('\n'),
    )

    const cancelled = await call(inv, 'schedule_cancel', { id })
    expect(cancelled).toMatchObject({ isError: false, structured: { schedule: { id, state: 'cancelled' } } })
    expect(cancelled.content).toBe(`Cancelled ${id} (every "0 9 * * 1" (Europe/Berlin)); it will not fire again.`)
    expect((await call(inv, 'schedule_list', {})).content).toContain(
      `- ${id}: every "0 9 * * 1" (Europe/Berlin); cancelled.`,
    )
  })

  it('creates once per call when a turn runs again', async () => {
    const schedules = createScheduleService(host.store(), { conversationId: 'test:bob', now: clock.now })
    const args = { cron: '*/30 * * * *', prompt: 'Check the build' }
    // The same call of the same invocation, as when a redelivered turn is run again.
    const ctx = testCallContext({ invocationId: 'inv-7', callId: 'toolu_1', run: runWith(schedules) })
    const first = await callTool(scheduleCreateTool, args, ctx)
    const again = await callTool(scheduleCreateTool, args, ctx)
    expect(again.structured).toEqual(first.structured)
    expect(await schedules.list()).toHaveLength(1)
    const other = await callTool(scheduleCreateTool, args, { ...ctx, invocationId: 'inv-8' })
    expect(other.structured).not.toEqual(first.structured)
  })

  it('reports bad specs and unknown ids as recoverable errors with a fix', async () => {
    const inv = await invocationIn('test:alice')
    const refused = async (name: string, args: Record<string, unknown>) => {
      const result = await call(inv, name, args)
      expect(result.isError).toBe(true)
      return [result.errorCode, result.content]
    }
    expect(await refused('schedule_create', { cron: '0 25 * * *', prompt: 'x' })).toEqual([
      'schedule.invalid_cron',
      expect.stringContaining('is not valid: Invalid value for hour: 25. Use five fields'),
    ])
    expect(await refused('schedule_create', { cron: '0 9 * * *', time_zone: 'Berlin', prompt: 'x' })).toEqual([
      'schedule.unknown_time_zone',
      expect.stringContaining('Unknown time zone "Berlin".'),
    ])
    expect(await refused('schedule_create', { at: '2026-12-01T09:00:00Z', prompt: 'x' })).toEqual([
      'schedule.time_passed',
      expect.stringContaining('is in the past'),
    ])
    expect(await refused('schedule_create', { at: '2026-12-24 18:00', prompt: 'x' })).toEqual([
      'schedule.invalid_time',
      expect.stringContaining('e.g. "2026-12-24T18:00:00+01:00"'),
    ])
    expect(await refused('schedule_create', { cron: '* * * * *', at: '2026-12-24T18:00:00Z', prompt: 'x' })).toEqual([
      'schedule.invalid_spec',
      'Give either cron (a repeating schedule) or at (one time), not both.',
    ])
    expect(await refused('schedule_create', { prompt: 'x' })).toEqual([
      'schedule.invalid_spec',
      expect.stringContaining('Give cron for a repeating schedule'),
    ])
    expect(await refused('schedule_cancel', { id: 'sch_nope' })).toEqual([
      'schedule.not_found',
      'This conversation has no schedule "sch_nope". Call schedule_list to see its schedules and their ids.',
    ])
  })

  it("does not cancel another conversation's schedule", async () => {
    const alice = await invocationIn('test:alice')
    const bob = await invocationIn('test:bob')
    const created = await call(alice, 'schedule_create', { at: '2026-12-31T23:59:00Z', prompt: 'Happy new year' })
    const id = (created.structured?.schedule as { id: string }).id
    expect(await call(bob, 'schedule_cancel', { id })).toMatchObject({
      isError: true,
      errorCode: 'schedule.not_found',
    })
    expect((await call(alice, 'schedule_list', {})).content).toContain(
      `- ${id}: once at 2026-12-31T23:59:00Z; next due`,
    )
  })

  it('says when there are no schedules', async () => {
    addConversation(host.store(), 'test:empty')
    const inv = await invocationIn('test:empty')
    expect((await call(inv, 'schedule_list', {})).content).toBe(
      'This conversation has no schedules. Create one with schedule_create.',
    )
  })
})

describe('schedule tool definitions', () => {
  const descriptionContext: DescriptionContext = {
    alias: (id) => id.replace(/^builtin:/, '').replace(/\./g, '_'),
    has: () => true,
    scope: 'chat',
    protocol: 'anthropic',
  }
  const describeTool = (description: string | ((ctx: DescriptionContext) => string)) =>
    typeof description === 'string' ? description : description(descriptionContext)

  it('need a run with schedules; list alone is read-only', () => {
    expect(scheduleTools.map((tool) => [tool.name, tool.requires, tool.annotations?.readOnly])).toEqual([
      ['schedule.create', ['run', 'schedules'], false],
      ['schedule.list', ['run', 'schedules'], true],
      ['schedule.cancel', ['run', 'schedules'], false],
    ])
    for (const tool of scheduleTools) expect(describeTool(tool.description)).not.toMatch(/\{\w+\}/)
    expect(describeTool(scheduleCreateTool.description)).toContain('schedule_list shows the schedules')
    expect(describeTool(scheduleCancelTool.description)).toContain('as schedule_create or schedule_list gave it')
  })

  it('render one line for people', () => {
    expect(
      scheduleCreateTool.renderToolUseMessage?.({
        cron: '0 9 * * 1',
        time_zone: 'Europe/Berlin',
        prompt: 'Weekly\nreport',
      }),
    ).toBe('Schedule "0 9 * * 1" (Europe/Berlin): Weekly report')
    expect(scheduleCreateTool.renderToolUseMessage?.({ at: '2026-12-24T18:00:00+01:00', prompt: 'Greet' })).toBe(
      'Schedule at 2026-12-24T18:00:00+01:00: Greet',
    )
    expect(
      scheduleCreateTool.renderToolResultMessage?.({
        content: '',
        structured: { schedule: { id: 'sch_1', nextDueAt: '2026-12-07T08:00:00.000Z' } },
      }),
    ).toBe('Scheduled sch_1, next 2026-12-07T08:00:00.000Z')
    expect(scheduleListTool.renderToolUseMessage?.({})).toBe('List schedules')
    expect(scheduleListTool.renderToolResultMessage?.({ content: '', structured: { total: 3 } })).toBe('3 schedules')
    expect(scheduleCancelTool.renderToolUseMessage?.({ id: 'sch_1' })).toBe('Cancel schedule sch_1')
    expect(
      scheduleCancelTool.renderToolResultMessage?.({ content: '', structured: { schedule: { state: 'cancelled' } } }),
    ).toBe('Schedule cancelled')
  })
})
