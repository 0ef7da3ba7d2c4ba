import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { fillText } from '../../text/model-text.js'
import { describeWhen } from './format-schedule.js'
import { scheduleDescriptions, scheduleToolTexts as texts } from './schedule-texts.js'
import { scheduleToolIds } from './schedule-tool-ids.js'
import { schedulesOf } from './schedules-of.js'

/**
 * `schedule.cancel`: stops one of the conversation's schedules; cancelling it again changes nothing.
 * Structured output: `{ schedule }` (a `ScheduleInfo`, state `cancelled`, or `done` when it had fired).
 */
export const scheduleCancelTool = defineTool({
  name: 'schedule.cancel',
  description: (ctx) =>
    fillText(scheduleDescriptions.cancel, {
      create: ctx.alias(scheduleToolIds.create),
      list: ctx.alias(scheduleToolIds.list),
    }),
  inputSchema: z.object({
    id: z.string().trim().min(1).max(200).describe('The id of the schedule, e.g. "sch_3f2a…".'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: true },
  requires: ['run', 'schedules'],
  renamedParameters: { schedule_id: 'id', scheduleId: 'id' },
  call: async ({ id }, ctx) => {
    const schedule = await schedulesOf(ctx).cancel(id)
    const template = schedule.state === 'done' ? texts.alreadyDone : texts.cancelled
    return {
      content: fillText(template, { id: schedule.id, when: describeWhen(schedule) }),
      structured: { schedule: { ...schedule } },
    }
  },
  renderToolUseMessage: ({ id }) => `Cancel schedule ${id}`,
  renderToolResultMessage: (output) =>
    `Schedule ${String((output.structured?.schedule as { state?: string } | undefined)?.state ?? '?')}`,
})
