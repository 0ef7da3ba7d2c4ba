import { terminalCallPhases } from '../call/call-state.js'
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { prettifyError } from 'zod'
import {
  eventDataSchemas,
  eventTypes,
  isEventType,
  turnEventTypes,
  type EventType,
  type NewStoreEvent,
  type StoreEvent,
} from './event-types.js'
import { eventRowColumns, packEvents, rowsIn, rowTypes, unpackRow } from './packed-events.js'
import { toJson } from './row-reader.js'
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
  /**
   * Appends events built by typed code, in order, in few statements: the row rules are checked
   * (known type, call id where one belongs, time), the data's shape is left to its static type.
   */
  appendAll(events: readonly NewStoreEvent[]): void
  events(filter: EventFilter): StoreEvent[]
  unfinishedCalls(invocationId: string): UnfinishedCall[]
}

const rowsPerInsert = 64

/** The event log over one connection. */
export function eventLog(db: DatabaseSync, now: () => number): EventLog {
  const insert = db.prepare(
    'INSERT INTO events (run_id, invocation_id, call_id, type, at, tool_id, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const lastSeq = db.prepare('SELECT max(seq) AS seq FROM events')
  const callRows = db.prepare(
    'SELECT seq, call_id, tool_id, type, earlier FROM events WHERE invocation_id = ? AND call_id IS NOT NULL ORDER BY seq',
  )
  const queries = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  const prepared = (sql: string) => {
    let query = queries.get(sql)
    if (query === undefined) {
      query = db.prepare(sql)
      queries.set(sql, query)
    }
    return query
  }
  // One INSERT of many rows costs far less than as many one-row statements; by row count.
  const multiInserts: ReturnType<DatabaseSync['prepare']>[] = []
  const multiInsert = (rows: number) =>
    (multiInserts[rows] ??= db.prepare(
      `INSERT INTO events (${eventRowColumns}) VALUES ${'(?, ?, ?, ?, ?, ?, ?, ?, ?), '.repeat(rows).slice(0, -2)}`,
    ))

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

    appendAll(events) {
      if (events.length === 0) return
      const times = events.map((event) => {
        const at = event.at ?? now()
        checkRow(event.type, event.callId ?? null, at)
        return at
      })
      // Packed rows leave their earlier events' seqs free below them, so seqs are given, not drawn.
      const nextSeq = Number(lastSeq.get()?.seq ?? 0) + 1
      for (const chunk of packEvents(events, times, nextSeq, rowsPerInsert)) {
        try {
          multiInsert(rowsIn(chunk)).run(...chunk)
        } catch (error) {
          const first = events[0]!
          throw explainSqliteError(
            error,
            `cannot append ${events.length} events to invocation ${first.invocationId} of run ${first.runId} (does the invocation exist in that run?)`,
          )
        }
      }
    },

    events(filter) {
      if (filter.types?.length === 0) return []
      const where: string[] = []
      const params: SQLInputValue[] = []
      const add = (condition: string, ...values: SQLInputValue[]) => {
        where.push(condition)
        params.push(...values)
      }
      if (filter.runId !== undefined) add('run_id = ?', filter.runId)
      if (filter.invocationId !== undefined) add('invocation_id = ?', filter.invocationId)
      if (filter.callId !== undefined) add('call_id = ?', filter.callId)
      // A packed row may hold a wanted type among its earlier events.
      if (filter.types !== undefined)
        add(`(type IN (${filter.types.map(() => '?').join(', ')}) OR earlier IS NOT NULL)`, ...filter.types)
      // A row holds the events up to its seq, so "after" is checked on the row's seq and again per event.
      where.push('seq > ?')
      const query = prepared(
        `SELECT ${eventRowColumns} FROM events WHERE ${where.join(' AND ')} ORDER BY seq${filter.limit === undefined ? '' : ' LIMIT ?'}`,
      )
      const types = filter.types === undefined ? undefined : new Set<string>(filter.types)
      const afterSeq = filter.afterSeq ?? 0
      const wanted = (event: StoreEvent) => event.seq > afterSeq && (types === undefined || types.has(event.type))
      const found: StoreEvent[] = []
      let after = afterSeq
      for (;;) {
        const rows =
          filter.limit === undefined ? query.all(...params, after) : query.all(...params, after, filter.limit)
        for (const row of rows) for (const event of unpackRow(row)) if (wanted(event)) found.push(event)
        if (filter.limit === undefined) return found
        if (found.length >= filter.limit || rows.length < filter.limit) return found.slice(0, filter.limit)
        after = Number(rows.at(-1)?.seq)
      }
    },

    unfinishedCalls(invocationId) {
      // A call's first event orders the list; the tool id is the same on all its events when known.
      const calls = new Map<string, { toolId: string | null; requested: boolean; started: boolean; ended: boolean }>()
      for (const row of callRows.all(invocationId)) {
        const callId = String(row.call_id)
        let call = calls.get(callId)
        if (call === undefined)
          calls.set(callId, (call = { toolId: null, requested: false, started: false, ended: false }))
        if (typeof row.tool_id === 'string' && (call.toolId === null || row.tool_id > call.toolId))
          call.toolId = row.tool_id
        for (const type of rowTypes(row)) {
          if (type === 'requested') call.requested = true
          else if (type === 'running') call.started = true
          else if (ended.has(type)) call.ended = true
        }
      }
      return [...calls]
        .filter(([, call]) => call.requested && !call.ended)
        .map(([callId, call]) => ({ callId, toolId: call.toolId, started: call.started }))
    },
  }
}

const ended = new Set<string>(terminalCallPhases)

function checkEvent(type: EventType, callId: string | null, data: unknown, at: number): void {
  checkRow(type, callId, at)
  const parsed = eventDataSchemas[type].safeParse(data)
  if (!parsed.success)
    throw new StoreError(
      'store.invalid_value',
      `the data of a ${type} event has the wrong shape:\n${prettifyError(parsed.error)}`,
    )
}

function checkRow(type: EventType, callId: string | null, at: number): void {
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
}
