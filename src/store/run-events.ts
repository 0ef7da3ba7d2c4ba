import type { DatabaseSync } from 'node:sqlite'
import { prettifyError, type ZodType } from 'zod'
import { RowReader, runReturning, toJson, type Row } from './row-reader.js'
import {
  isRunEventType,
  runEventDataSchemas,
  runEventTypes,
  type RunEvent,
  type RunEventType,
} from './run-event-types.js'
import { explainSqliteError } from './sqlite-errors.js'
import { StoreError } from './store-error.js'

/** Which run events to read. */
export interface RunEventFilter<T extends RunEventType = RunEventType> {
  /** Only events of this type. */
  readonly type?: T
}

/** Run-level happenings, append-only, ordered by seq from 1 per run. */
export interface RunEventTable {
  append(runId: string, type: RunEventType, data: Record<string, unknown>): RunEvent
  events<T extends RunEventType = RunEventType>(
    runId: string,
    filter?: RunEventFilter<T>,
  ): Extract<RunEvent, { type: T }>[]
}

/**
 * The run event table over one connection. The next seq is chosen inside the INSERT itself, which
 * holds the write lock from its start, so two writers cannot pick the same one.
 */
export function runEventTable(db: DatabaseSync, now: () => number): RunEventTable {
  const insert = db.prepare(`
    INSERT INTO run_events (run_id, seq, at, type, data)
    VALUES (?1, (SELECT coalesce(max(seq), 0) + 1 FROM run_events WHERE run_id = ?1), ?2, ?3, ?4)
    RETURNING seq`)
  const selectAll = db.prepare('SELECT run_id, seq, at, type, data FROM run_events WHERE run_id = ? ORDER BY seq')
  const selectType = db.prepare(
    'SELECT run_id, seq, at, type, data FROM run_events WHERE run_id = ? AND type = ? ORDER BY seq',
  )

  return {
    append(runId, type, data) {
      if (!isRunEventType(type))
        throw new StoreError(
          'store.invalid_value',
          `"${String(type)}" is not a run event type; expected one of ${runEventTypes.join(', ')}`,
        )
      const schema: ZodType<unknown> = runEventDataSchemas[type]
      const parsed = schema.safeParse(data)
      if (!parsed.success)
        throw new StoreError(
          'store.invalid_value',
          `the data of a ${type} run event has the wrong shape:\n${prettifyError(parsed.error)}`,
        )
      const at = now()
      let row: Row | undefined
      try {
        row = runReturning(insert, runId, at, type, toJson(data, `the data of a ${type} run event`))
      } catch (error) {
        throw explainSqliteError(error, `cannot append a ${type} event to run ${runId} (does the run exist?)`)
      }
      const seq = new RowReader(row ?? {}, `new run_events row of run ${runId}`).integer('seq')
      return { seq, runId, type, at, data: parsed.data } as RunEvent
    },

    events<T extends RunEventType>(runId: string, filter: RunEventFilter<T> = {}) {
      if (filter.type !== undefined && !isRunEventType(filter.type)) {
        throw new StoreError(
          'store.invalid_value',
          `"${String(filter.type)}" is not a run event type; expected one of ${runEventTypes.join(', ')}`,
        )
      }
      const rows = filter.type === undefined ? selectAll.all(runId) : selectType.all(runId, filter.type)
      // With a type filter every row has that type; readRunEvent checks each row's type against its data.
      return rows.map(readRunEvent) as Extract<RunEvent, { type: T }>[]
    },
  }
}

function readRunEvent(row: Row): RunEvent {
  const read = new RowReader(row, `run_events row run_id=${String(row.run_id)} seq=${String(row.seq)}`)
  const type = read.oneOf('type', runEventTypes)
  // The schema matches `type`; TypeScript cannot correlate the two unions, hence the widening and the cast.
  const schema: ZodType<unknown> = runEventDataSchemas[type]
  return {
    seq: read.integer('seq'),
    runId: read.text('run_id'),
    type,
    at: read.integer('at'),
    data: read.json('data', schema),
  } as RunEvent
}
