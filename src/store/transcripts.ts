import type { DatabaseSync } from 'node:sqlite'
import { prettifyError, type ZodType } from 'zod'
import type { StoredTranscriptEntry, TranscriptEntry } from './transcript.js'
import { RowReader, runReturning, toJson, type Row } from './row-reader.js'
import { explainSqliteError } from './sqlite-errors.js'
import { StoreError } from './store-error.js'
import { isTranscriptKind, transcriptDataSchemas, transcriptKinds } from './transcript-entry-schema.js'

/** The transcripts of invocations: append-only, ordered by seq from 1 per invocation. */
export interface TranscriptTable {
  append(invocationId: string, entry: TranscriptEntry): StoredTranscriptEntry
  entries(invocationId: string): StoredTranscriptEntry[]
}

/**
 * The transcript table over one connection. The next seq is chosen inside the INSERT itself, which
 * holds the write lock from its start, so two writers cannot pick the same one.
 */
export function transcriptTable(db: DatabaseSync, now: () => number): TranscriptTable {
  const insert = db.prepare(`
    INSERT INTO transcript_entries (invocation_id, seq, at, kind, data)
    VALUES (?1, (SELECT coalesce(max(seq), 0) + 1 FROM transcript_entries WHERE invocation_id = ?1), ?2, ?3, ?4)
    RETURNING seq`)
  const select = db.prepare(
    'SELECT invocation_id, seq, at, kind, data FROM transcript_entries WHERE invocation_id = ? ORDER BY seq',
  )

  return {
    append(invocationId, entry) {
      const kind: unknown = (entry as { kind?: unknown } | null)?.kind
      if (!isTranscriptKind(kind)) {
        throw new StoreError(
          'store.invalid_value',
          `"${String(kind)}" is not a transcript entry kind; expected one of ${transcriptKinds.join(', ')}`,
        )
      }
      const { kind: _kind, ...data } = entry
      const schema: ZodType<unknown> = transcriptDataSchemas[kind]
      const parsed = schema.safeParse(data)
      if (!parsed.success)
        throw new StoreError(
          'store.invalid_value',
          `a ${kind} transcript entry has the wrong shape:\n${prettifyError(parsed.error)}`,
        )
      const at = now()
      let row: Row | undefined
      try {
        row = runReturning(insert, invocationId, at, kind, toJson(data, `a ${kind} transcript entry`))
      } catch (error) {
        throw explainSqliteError(
          error,
          `cannot append a ${kind} entry to the transcript of invocation ${invocationId} (does it exist?)`,
        )
      }
      const seq = new RowReader(row ?? {}, `new transcript_entries row of invocation ${invocationId}`).integer('seq')
      return { seq, invocationId, at, entry }
    },

    entries(invocationId) {
      return select.all(invocationId).map(readEntry)
    },
  }
}

function readEntry(row: Row): StoredTranscriptEntry {
  const read = new RowReader(
    row,
    `transcript_entries row invocation_id=${String(row.invocation_id)} seq=${String(row.seq)}`,
  )
  const kind = read.oneOf('kind', transcriptKinds)
  // The schema matches `kind`; TypeScript cannot correlate the two unions, hence the widening and the cast.
  const schema: ZodType<unknown> = transcriptDataSchemas[kind]
  const data = read.json('data', schema) as object
  return {
    seq: read.integer('seq'),
    invocationId: read.text('invocation_id'),
    at: read.integer('at'),
    entry: { ...data, kind } as TranscriptEntry,
  }
}
