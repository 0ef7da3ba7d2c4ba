import type { SQLInputValue } from 'node:sqlite'
import { z, type ZodType } from 'zod'
import { eventDataSchemas, eventTypes, type NewStoreEvent, type StoreEvent } from './event-types.js'
import { RowReader, toJson, type Row } from './row-reader.js'
import { StoreError } from './store-error.js'

/**
 * The compact form of the audit log (schema step 9). Consecutive events of one call written
 * together share a row: the row's columns are the last event's, and `earlier` holds the others as
 * `[type, at, data]`, at the seqs just below the row's. A call's usual requested → admitted →
 * scheduled moves take one row instead of three; every event keeps its own seq, time and data.
 */

/** The columns of one events row, in insert order: seq, run, invocation, call, type, at, tool, data, earlier. */
export const eventRowColumns = 'seq, run_id, invocation_id, call_id, type, at, tool_id, data, earlier'
const columnCount = 9

/**
 * The insert values of `events` (each written at `times[i]`), numbered from `nextSeq` on, packed
 * into as few rows as the rule allows, `rowsPerChunk` rows to a chunk.
 */
export function packEvents(
  events: readonly NewStoreEvent[],
  times: readonly number[],
  nextSeq: number,
  rowsPerChunk: number,
): SQLInputValue[][] {
  const chunks: SQLInputValue[][] = []
  let chunk: SQLInputValue[] = []
  let seq = nextSeq - 1
  for (let start = 0; start < events.length;) {
    const first = events[start]!
    let end = start + 1
    while (end < events.length && samePlace(first, events[end]!)) end += 1
    const last = events[end - 1]!
    seq += end - start
    const earlier =
      end - start === 1
        ? null
        : toJson(
            events.slice(start, end - 1).map((event, index) => [event.type, times[start + index], event.data]),
            `the data of ${end - start - 1} events of call ${String(first.callId)}`,
          )
    chunk.push(
      seq,
      last.runId,
      last.invocationId,
      last.callId ?? null,
      last.type,
      times[end - 1]!,
      last.toolId ?? null,
      toJson(last.data, `the data of a ${last.type} event`),
      earlier,
    )
    if (chunk.length === rowsPerChunk * columnCount) {
      chunks.push(chunk)
      chunk = []
    }
    start = end
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}

/** Rows in a chunk of insert values. */
export const rowsIn = (chunk: readonly SQLInputValue[]): number => chunk.length / columnCount

/** Events of one call go together; turn events stay on their own. */
function samePlace(a: NewStoreEvent, b: NewStoreEvent): boolean {
  return (
    a.callId != null &&
    a.callId === b.callId &&
    (a.toolId ?? null) === (b.toolId ?? null) &&
    a.invocationId === b.invocationId &&
    a.runId === b.runId
  )
}

const packedSchema = z.array(z.tuple([z.enum(eventTypes), z.number().int(), z.unknown()]))

/** The events of one row, in seq order; the data of each is checked against its type. */
export function unpackRow(row: Row): StoreEvent[] {
  const where = `events row seq=${String(row.seq)}`
  const read = new RowReader(row, where)
  const type = read.oneOf('type', eventTypes)
  const seq = read.integer('seq')
  const common = {
    runId: read.text('run_id'),
    invocationId: read.text('invocation_id'),
    callId: read.textOrNull('call_id'),
    toolId: read.textOrNull('tool_id'),
  }
  // The schema matches `type`; TypeScript cannot correlate the two unions, hence the widening and the casts.
  const lastSchema: ZodType<unknown> = eventDataSchemas[type]
  const last = { seq, type, ...common, at: read.integer('at'), data: read.json('data', lastSchema) } as StoreEvent
  if (row.earlier === null || row.earlier === undefined) return [last]
  const earlier = read.json('earlier', packedSchema)
  const events = earlier.map(([earlierType, at, data], index) => {
    const parsed = (eventDataSchemas[earlierType] as ZodType<unknown>).safeParse(data)
    if (!parsed.success)
      throw new StoreError(
        'store.corrupt_row',
        `${where}, column earlier: event ${index} is not a ${earlierType} event`,
      )
    const event = { seq: seq - earlier.length + index, type: earlierType, ...common, at, data: parsed.data }
    return event as StoreEvent
  })
  events.push(last)
  return events
}

/** The types of the events a row holds, without reading their data. */
export function rowTypes(row: Row): string[] {
  const read = new RowReader(row, `events row seq=${String(row.seq)}`)
  const types: string[] = row.earlier === null ? [] : read.json('earlier', packedSchema).map(([type]) => type)
  types.push(read.text('type'))
  return types
}
