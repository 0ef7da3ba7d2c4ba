import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { fillText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import { scheduleLine } from './format-schedule.js'
import { scheduleDescriptions, scheduleToolTexts as texts } from './schedule-texts.js'
import { scheduleToolIds } from './schedule-tool-ids.js'
import { schedulesOf } from './schedules-of.js'

/** Schedules shown at most; the rest are the oldest ended ones (active ones come first). */
export const maxListedSchedules = 50

/**
 * `schedule.list`: the conversation's schedules, active ones first with their next due time.
 * Structured output: `{ schedules, total }` (`schedules` as shown, at most {@link maxListedSchedules}).
 */
export const scheduleListTool = defineTool({
  name: 'schedule.list',
  description: (ctx) => fillText(scheduleDescriptions.list, { cancel: ctx.alias(scheduleToolIds.cancel) }),
  inputSchema: z.object({}),
  annotations: { readOnly: true, idempotent: true },
  requires: ['run', 'schedules'],
  call: async (_input, ctx) => {
    const all = await schedulesOf(ctx).list()
    if (all.length === 0) {
      const content = fillText(texts.none, { create: ctx.alias(scheduleToolIds.create) })
      return { content, structured: { schedules: [], total: 0 } }
    }
    const shown = all.slice(0, maxListedSchedules)
    const lines = [fillText(texts.listHeader, { count: counted(all.length, 'schedule', 'schedules') })]
    lines.push(...shown.map(scheduleLine))
    if (all.length > shown.length) lines.push(fillText(texts.listMore, { count: all.length - shown.length }))
    return { content: lines.join('\n'), structured: { schedules: shown.map((s) => ({ ...s })), total: all.length } }
  },
  renderToolUseMessage: () => 'List schedules',
  renderToolResultMessage: (output) => counted(Number(output.structured?.total ?? 0), 'schedule', 'schedules'),
})
