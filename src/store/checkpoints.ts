import type { DatabaseSync } from 'node:sqlite'
import { RowReader, runReturning, toJson } from './row-reader.js'
import { explainSqliteError } from './sqlite-errors.js'

/** A saved checkpoint of an invocation (gate state, round, transcript position, …). */
export interface CheckpointRecord {
  /** 1 for the invocation's first checkpoint, then 2, 3, …; the highest wins. */
  readonly seq: number
  /** The log position when it was saved: events with a higher seq happened after it. */
  readonly eventSeq: number
  readonly createdAt: number
  readonly data: unknown
}

/** Checkpoints per invocation. */
export interface CheckpointTable {
  save(invocationId: string, data: unknown): CheckpointRecord
  latest(invocationId: string): CheckpointRecord | undefined
}

/**
 * The checkpoint table over one connection. The next seq is chosen inside the INSERT itself, which
 * holds the write lock from its start, so two writers cannot pick the same one.
 */
export function checkpointTable(db: DatabaseSync, now: () => number): CheckpointTable {
  const insert = db.prepare(`
    INSERT INTO checkpoints (invocation_id, seq, event_seq, created_at, data)
    VALUES (
      ?1,
      (SELECT coalesce(max(seq), 0) + 1 FROM checkpoints WHERE invocation_id = ?1),
      (SELECT coalesce(max(seq), 0) FROM events),
      ?2, ?3)
    RETURNING seq, event_seq, created_at`)
  const selectLatest = db.prepare(
    'SELECT seq, event_seq, created_at, data FROM checkpoints WHERE invocation_id = ? ORDER BY seq DESC LIMIT 1',
  )

  return {
    save(invocationId, data) {
      const json = toJson(data, `the checkpoint of invocation ${invocationId}`)
      let row
      try {
        row = runReturning(insert, invocationId, now(), json)
      } catch (error) {
        throw explainSqliteError(error, `cannot save a checkpoint of invocation ${invocationId} (does it exist?)`)
      }
      const read = new RowReader(row ?? {}, `new checkpoints row of invocation ${invocationId}`)
      return {
        seq: read.integer('seq'),
        eventSeq: read.integer('event_seq'),
        createdAt: read.integer('created_at'),
        data,
      }
    },

    latest(invocationId) {
      const row = selectLatest.get(invocationId)
      if (row === undefined) return undefined
      const read = new RowReader(row, `checkpoints row of invocation ${invocationId} seq=${String(row.seq)}`)
      return {
        seq: read.integer('seq'),
        eventSeq: read.integer('event_seq'),
        createdAt: read.integer('created_at'),
        data: read.json('data'),
      }
    },
  }
}
