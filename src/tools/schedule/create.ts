import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { cutShort, fillText } from '../../text/model-text.js'
import { describeNext, describeWhen, shownPrompt } from './format-schedule.js'
import { scheduleDescriptions, scheduleToolTexts as texts } from './schedule-texts.js'
import { scheduleToolIds } from './schedule-tool-ids.js'
import { schedulesOf } from './schedules-of.js'

/** The longest prompt a schedule keeps. */
export const maxPromptChars = 4_000

/**
 * `schedule.create`: a task for later in the conversation, repeating (`cron` in `time_zone`) or
 * once (`at`). The call id makes it idempotent: a turn run again gets the schedule it created.
 * Structured output: `{ schedule }` (a `ScheduleInfo`).
 */
export const scheduleCreateTool = defineTool({
  name: 'schedule.create',
  description: (ctx) =>
    fillText(scheduleDescriptions.create, {
      list: ctx.alias(scheduleToolIds.list),
      cancel: ctx.alias(scheduleToolIds.cancel),
    }),
  inputSchema: z.object({
    cron: z
      .string()
      .max(200)
      .optional()
      .describe('A repeating schedule in five cron fields, e.g. "0 9 * * 1-5" (weekdays at 09:00). Not with at.'),
    time_zone: z
      .string()
      .max(100)
      .optional()
      .describe('The IANA time zone cron is read in, e.g. "Europe/Berlin"; default UTC.'),
    at: z
      .string()
      .max(100)
      .optional()
      .describe('One time instead of cron, ISO 8601 with an offset, e.g. "2026-12-24T18:00:00+01:00".'),
    prompt: z
      .string()
      .trim()
      .min(1)
      .max(maxPromptChars)
      .describe('What you will be told when it fires, standing on its own.'),
  }),
  annotations: { readOnly: false, idempotent: true },
  requires: ['run', 'schedules'],
  renamedParameters: {
    timezone: 'time_zone',
    timeZone: 'time_zone',
    tz: 'time_zone',
    expression: 'cron',
    schedule: 'cron',
    when: 'at',
    time: 'at',
    message: 'prompt',
    task: 'prompt',
    text: 'prompt',
  },
  call: async ({ cron, time_zone: timeZone, at, prompt }, ctx) => {
    const schedule = await schedulesOf(ctx).create(
      {
        prompt,
        ...(cron !== undefined && { cron }),
        ...(timeZone !== undefined && { timeZone }),
        ...(at !== undefined && { at }),
      },
      // Call ids are unique within an invocation; a turn run again keeps both.
      `${ctx.invocationId}:${ctx.callId}`,
    )
    const content = fillText(texts.created, {
      id: schedule.id,
      when: describeWhen(schedule),
      next: describeNext(schedule),
      prompt: shownPrompt(schedule),
      list: ctx.alias(scheduleToolIds.list),
      cancel: ctx.alias(scheduleToolIds.cancel),
    })
    return { content, structured: { schedule: { ...schedule } } }
  },
  renderToolUseMessage: ({ cron, time_zone: timeZone, at, prompt }) =>
    `Schedule ${cron !== undefined ? `"${cron}"${timeZone === undefined ? '' : ` (${timeZone})`}` : `at ${at ?? '?'}`}: ${cutShort(prompt.replace(/\s+/g, ' '), 60)}`,
  renderToolResultMessage: (output) => {
    const schedule = output.structured?.schedule as { id?: string; nextDueAt?: string } | undefined
    return `Scheduled ${schedule?.id ?? '?'}, next ${schedule?.nextDueAt ?? '?'}`
  },
})
