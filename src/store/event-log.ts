import { terminalCallPhases } from '../call/call-state.js'
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { prettifyError, type ZodType } from 'zod'
import {
  eventDataSchemas,
  eventTypes,
  isEventType,
  turnEventTypes,
  type EventType,
  type NewStoreEvent,
  type StoreEvent,
} from './event-types.js'
import { RowReader, toJson, type Row } from './row-reader.js'
import { explainSqliteError } from './sqlite-errors.js'
import { StoreError } from './store-error.js'

/** Which events to read; all given conditions must hold. Events come back in `seq` order. */
export interface EventFilter {
  readonly runId?: string
  readonly invocationId?: string
  readonly callId?: string
  /** Only events after this position, to follow the log incrementally. */
  readonly afterSeq?: number
  readonly types?: readonly EventType[]
  /** At most this many events (the first ones after `afterSeq`). */
  readonly limit?: number
}

/** A call whose outcome is unknown: requested (maybe running), with no event that ends it. */
export interface UnfinishedCall {
  readonly callId: string
  readonly toolId: string | null
  /** A `running` event exists: the tool may have acted, so the call must not be repeated blindly. */
  readonly started: boolean
}

/** The append-only audit log. */
export interface EventLog {
  append(event: NewStoreEvent): StoreEvent
  events(filter: EventFilter): StoreEvent[]
  unfinishedCalls(invocationId: string): UnfinishedCall[]
}

/** The event log over one connection. */
export function eventLog(db: DatabaseSync, now: () => number): EventLog {
  const insert = db.prepare(
    'INSERT INTO events (run_id, invocation_id, call_id, type, at, tool_id, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  // A call's first event orders the list; the tool id is the same on all its events when known.
  const ended = terminalCallPhases.map((phase) => `'${phase}'`).join(', ')
  const unfinished = db.prepare(`
    SELECT call_id, max(tool_id) AS tool_id, max(type = 'running') AS started
    FROM events
    WHERE invocation_id = ? AND call_id IS NOT NULL
    GROUP BY call_id
    HAVING max(type = 'requested') = 1 AND max(type IN (${ended})) = 0
    ORDER BY min(seq)`)
  const queries = new Map<string, ReturnType<DatabaseSync['prepare']>>()

  return {
    append(event) {
      const callId = event.callId ?? null
      const toolId = event.toolId ?? null
      const at = event.at ?? now()
      checkEvent(event.type, callId, event.data, at)
      const what = `append a ${event.type} event to invocation ${event.invocationId} of run ${event.runId}`
      let seq: number
      try {
        // seq is the rowid; run() (not a RETURNING get(), see runReturning) keeps WAL checkpoints working.
        seq = Number(
          insert.run(
            event.runId,
            event.invocationId,
            callId,
            event.type,
            at,
            toolId,
            toJson(event.data, `the data of a ${event.type} event`),
          ).lastInsertRowid,
        )
      } catch (error) {
        throw explainSqliteError(error, `cannot ${what} (does the invocation exist in that run?)`)
      }
      return {
        seq,
        type: event.type,
        runId: event.runId,
        invocationId: event.invocationId,
        callId,
        toolId,
        at,
        data: event.data,
      } as StoreEvent
    },

    events(filter) {
      const where: string[] = []
      const params: SQLInputValue[] = []
      const add = (condition: string, ...values: SQLInputValue[]) => {
        where.push(condition)
        params.push(...values)
      }
      if (filter.runId !== undefined) add('run_id = ?', filter.runId)
      if (filter.invocationId !== undefined) add('invocation_id = ?', filter.invocationId)
      if (filter.callId !== undefined) add('call_id = ?', filter.callId)
      if (filter.afterSeq !== undefined) add('seq > ?', filter.afterSeq)
      if (filter.types !== undefined) {
        if (filter.types.length === 0) return []
        add(`type IN (${filter.types.map(() => '?').join(', ')})`, ...filter.types)
      }
      let sql = `SELECT seq, run_id, invocation_id, call_id, type, at, tool_id, data FROM events${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq`
      if (filter.limit !== undefined) {
        sql += ' LIMIT ?'
        params.push(filter.limit)
      }
      let query = queries.get(sql)
      if (query === undefined) {
        query = db.prepare(sql)
        queries.set(sql, query)
      }
      return query.all(...params).map(readEvent)
    },

    unfinishedCalls(invocationId) {
      return unfinished.all(invocationId).map((row) => {
        const read = new RowReader(row, `events of invocation ${invocationId}`)
        return {
          callId: read.text('call_id'),
          toolId: read.textOrNull('tool_id'),
          started: read.integer('started') === 1,
        }
      })
    },
  }
}

function checkEvent(type: EventType, callId: string | null, data: unknown, at: number): void {
  if (!isEventType(type))
    throw new StoreError(
      'store.invalid_value',
      `"${String(type)}" is not an event type; expected one of ${eventTypes.join(', ')}`,
    )
  const turnEvent = turnEventTypes.includes(type)
  if (turnEvent && callId !== null)
    throw new StoreError('store.invalid_value', `a ${type} event belongs to no call; got call id ${callId}`)
  if (!turnEvent && callId === null) throw new StoreError('store.invalid_value', `a ${type} event needs a call id`)
  if (!Number.isSafeInteger(at))
    throw new StoreError('store.invalid_value', `event time must be epoch milliseconds; got ${at}`)
  const parsed = eventDataSchemas[type].safeParse(data)
  if (!parsed.success)
    throw new StoreError(
      'store.invalid_value',
      `the data of a ${type} event has the wrong shape:\n${prettifyError(parsed.error)}`,
    )
}

function readEvent(row: Row): StoreEvent {
  const read = new RowReader(row, `events row seq=${String(row.seq)}`)
  const type = read.oneOf('type', eventTypes)
  // The schema matches `type`; TypeScript cannot correlate the two unions, hence the widening and the cast below.
  const dataSchema: ZodType<unknown> = eventDataSchemas[type]
  return {
    seq: read.integer('seq'),
    type,
    runId: read.text('run_id'),
    invocationId: read.text('invocation_id'),
    callId: read.textOrNull('call_id'),
    toolId: read.textOrNull('tool_id'),
    at: read.integer('at'),
    data: read.json('data', dataSchema),
  } as StoreEvent
}
