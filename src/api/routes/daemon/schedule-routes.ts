import { equalityFilters, whereClause } from '../sql-filters.js'
import { z } from 'zod'
import {
  readSchedule,
  scheduleColumns,
  scheduleInfo,
  scheduleStates,
  type ScheduleRecord,
} from '../../../daemon/schedules/schedule-table.js'
import { ApiError, defineRoute } from '../../route.js'

const scheduleSchema = z.object({
  id: z.string(),
  conversationId: z.string().describe('Where the prompt is said when it fires'),
  cron: z.string().optional(),
  timeZone: z.string().optional(),
  at: z.string().optional().describe('A one-time schedule: when, ISO 8601'),
  prompt: z.string(),
  state: z.enum(scheduleStates),
  nextDueAt: z.string().optional().describe('ISO 8601, while active'),
  createdAt: z.string().describe('ISO 8601'),
})

function view(record: ScheduleRecord): z.input<typeof scheduleSchema> {
  return { ...scheduleInfo(record), conversationId: record.conversationId }
}

/** The daemon's schedules: the list, and cancelling one. */
export const scheduleRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/schedules',
    tag: 'schedules',
    summary: 'Schedules of every conversation: the active ones first, soonest first',
    query: z.object({
      state: z.enum(scheduleStates).optional(),
      conversationId: z.string().min(1).optional(),
    }),
    response: z.object({ schedules: z.array(scheduleSchema) }),
    handle: async ({ query, ctx }) => {
      const filters = equalityFilters({ state: query.state, conversation_id: query.conversationId })
      const rows = ctx.store.database
        .prepare(
          `SELECT ${scheduleColumns} FROM schedules ${whereClause(filters)}
           ORDER BY state = 'active' DESC, CASE WHEN state = 'active' THEN next_due_at ELSE -updated_at END, created_at, id`,
        )
        .all(...filters.values)
      return { body: { schedules: rows.map((row) => view(readSchedule(row))) } }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/schedules/:id',
    tag: 'schedules',
    summary: 'Cancels a schedule: it fires no more (cancelling an ended one changes nothing)',
    params: z.object({ id: z.string().min(1).describe('The schedule id, `sch_…`') }),
    response: scheduleSchema,
    handle: async ({ params, ctx }) => {
      const db = ctx.store.database
      const record = ctx.store.transaction(() => {
        db.prepare(
          "UPDATE schedules SET state = 'cancelled', next_due_at = NULL, updated_at = ? WHERE id = ? AND state = 'active'",
        ).run(Date.now(), params.id)
        const row = db.prepare(`SELECT ${scheduleColumns} FROM schedules WHERE id = ?`).get(params.id)
        return row === undefined ? undefined : readSchedule(row)
      })
      if (record === undefined) throw new ApiError(404, `No schedule ${params.id}; GET /api/schedules lists them`)
      return { body: view(record) }
    },
  }),
]
