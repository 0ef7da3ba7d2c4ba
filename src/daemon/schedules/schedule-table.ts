import { ToolError } from '../../core/tool-error.js'
import { builtinAlias } from '../../snapshot/tool-alias.js'
import { RowReader, type Row } from '../../store/row-reader.js'
import type { Store } from '../../store/store.js'
import { cutShort, fillText } from '../../text/model-text.js'
import type { ScheduleInfo, ScheduleService, ScheduleSpec } from '../../tool/run-services.js'
import { newId } from '../bus/bus-message.js'
import { checkScheduleSpec } from './schedule-spec.js'
import { scheduleTexts as texts } from './schedule-texts.js'

/** The states of a schedule: `active` until a one-time schedule fired (`done`) or someone cancelled it. */
export const scheduleStates = ['active', 'done', 'cancelled'] as const

/** Active schedules one conversation may have at once: each firing starts an agent turn. */
export const maxActiveSchedules = 50

/** A row of `schedules`, times in epoch ms. */
export interface ScheduleRecord {
  readonly id: string
  readonly conversationId: string
  readonly cron: string | null
  readonly timeZone: string | null
  readonly onceAt: number | null
  readonly prompt: string
  readonly state: ScheduleInfo['state']
  readonly nextDueAt: number | null
  readonly createdBy: string | null
  readonly createdAt: number
  readonly updatedAt: number
}

/** The columns {@link readSchedule} reads. */
export const scheduleColumns =
  'id, conversation_id, cron, time_zone, once_at, prompt, state, next_due_at, created_by, created_at, updated_at'

/** Reads a `schedules` row selected with {@link scheduleColumns}. */
export function readSchedule(row: Row): ScheduleRecord {
  const read = new RowReader(row, 'schedules row')
  return {
    id: read.text('id'),
    conversationId: read.text('conversation_id'),
    cron: read.textOrNull('cron'),
    timeZone: read.textOrNull('time_zone'),
    onceAt: read.integerOrNull('once_at'),
    prompt: read.text('prompt'),
    state: read.oneOf('state', scheduleStates),
    nextDueAt: read.integerOrNull('next_due_at'),
    createdBy: read.textOrNull('created_by'),
    createdAt: read.integer('created_at'),
    updatedAt: read.integer('updated_at'),
  }
}

/** A schedule as tools and people see it (ISO 8601 times in UTC). */
export function scheduleInfo(record: ScheduleRecord): ScheduleInfo {
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    id: record.id,
    ...(record.cron !== null && { cron: record.cron }),
    ...(record.cron !== null && record.timeZone !== null && { timeZone: record.timeZone }),
    ...(record.onceAt !== null && { at: iso(record.onceAt) }),
    prompt: record.prompt,
    state: record.state,
    ...(record.state === 'active' && record.nextDueAt !== null && { nextDueAt: iso(record.nextDueAt) }),
    createdAt: iso(record.createdAt),
  }
}

/** Options of {@link createScheduleService}. */
export interface ScheduleServiceOptions {
  /** The conversation whose schedules the service creates, lists and cancels. */
  readonly conversationId: string
  /** The clock (epoch ms); tests inject one. */
  readonly now?: () => number
  /** Active schedules the conversation may have at once; default {@link maxActiveSchedules}. */
  readonly maxActive?: number
}

/**
 * The schedules of one conversation over the store's `schedules` table, for the `schedule.*` tools
 * of a daemon run. Creating is idempotent by call id (`created_by` is unique): a turn run again
 * after a crash gets the schedule it created the first time. A conversation sees and cancels only
 * its own schedules; the conversation must exist (`conversations` row).
 */
export function createScheduleService(store: Store, options: ScheduleServiceOptions): ScheduleService {
  const { conversationId } = options
  const now = options.now ?? Date.now
  const maxActive = options.maxActive ?? maxActiveSchedules
  const db = store.database
  const byCreator = db.prepare(`SELECT ${scheduleColumns} FROM schedules WHERE created_by = ?`)
  const byId = db.prepare(`SELECT ${scheduleColumns} FROM schedules WHERE id = ? AND conversation_id = ?`)
  const insert = db.prepare(`
    INSERT INTO schedules (id, conversation_id, cron, time_zone, once_at, prompt, state, next_due_at, created_by, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)
    ON CONFLICT (created_by) DO NOTHING`)
  // Active ones first, soonest first; then the ended ones, latest change first.
  const ofConversation = db.prepare(`
    SELECT ${scheduleColumns} FROM schedules WHERE conversation_id = ?
    ORDER BY state = 'active' DESC, CASE WHEN state = 'active' THEN next_due_at ELSE -updated_at END, created_at, id`)
  const countActive = db.prepare("SELECT COUNT(*) AS n FROM schedules WHERE conversation_id = ? AND state = 'active'")
  const cancelActive = db.prepare(
    "UPDATE schedules SET state = 'cancelled', next_due_at = NULL, updated_at = ? WHERE id = ? AND conversation_id = ? AND state = 'active'",
  )

  const created = (callId: string): ScheduleRecord | undefined => {
    const row = byCreator.get(callId)
    if (row === undefined) return undefined
    const record = readSchedule(row)
    if (record.conversationId !== conversationId)
      throw new Error(`schedule ${record.id} of call ${callId} belongs to another conversation`)
    return record
  }

  return {
    async create(spec: ScheduleSpec, callId: string): Promise<ScheduleInfo> {
      const earlier = created(callId)
      if (earlier !== undefined) return scheduleInfo(earlier)
      const at = now()
      const checked = checkScheduleSpec(spec, at)
      const record = store.transaction(() => {
        if (Number(countActive.get(conversationId)?.n ?? 0) >= maxActive) {
          throw new ToolError(
            'schedule.limit_exceeded',
            fillText(texts.tooMany, {
              max: maxActive,
              cancel: builtinAlias('schedule.cancel'),
              list: builtinAlias('schedule.list'),
            }),
          )
        }
        insert.run(
          newId('sch'),
          conversationId,
          checked.kind === 'cron' ? checked.cron : null,
          checked.kind === 'cron' ? checked.timeZone : null,
          checked.kind === 'once' ? checked.at : null,
          spec.prompt,
          checked.firstDueAt,
          callId,
          at,
          at,
        )
        return created(callId)
      })
      if (record === undefined) throw new Error(`schedule of call ${callId} was not stored`)
      return scheduleInfo(record)
    },

    async list(): Promise<readonly ScheduleInfo[]> {
      return ofConversation.all(conversationId).map((row) => scheduleInfo(readSchedule(row)))
    },

    async cancel(id: string): Promise<ScheduleInfo> {
      const record = store.transaction(() => {
        cancelActive.run(now(), id, conversationId)
        const row = byId.get(id, conversationId)
        return row === undefined ? undefined : readSchedule(row)
      })
      if (record === undefined) {
        throw new ToolError(
          'schedule.not_found',
          fillText(texts.notFound, { id: cutShort(id, 80), list: builtinAlias('schedule.list') }),
        )
      }
      return scheduleInfo(record)
    },
  }
}
