import type { DatabaseSync } from 'node:sqlite'
import { checkSafeId, newId } from './ids.js'
import { RowReader, toJson, type Row } from './row-reader.js'
import { explainSqliteError } from './sqlite-errors.js'
import { StoreError } from './store-error.js'

/** The states of a run. `paused` waits for an approval or a resume. */
export const runStatuses = ['running', 'paused', 'completed', 'failed', 'cancelled'] as const

/** A run's state. */
export type RunStatus = (typeof runStatuses)[number]

/** A run as stored. */
export interface RunRecord {
  readonly id: string
  readonly scope: 'chat' | 'session'
  readonly profileId: string
  readonly status: RunStatus
  /** Epoch milliseconds. */
  readonly createdAt: number
  /** When the status last changed. */
  readonly updatedAt: number
}

/** An invocation as stored: the frozen snapshot and profile it ran with. */
export interface InvocationRecord {
  readonly id: string
  readonly runId: string
  readonly protocol: string
  /** The snapshot as stored, with its version; read it with `parseStoredSnapshot` (snapshot/), never as it is. */
  readonly snapshot: unknown
  readonly profile: unknown
  readonly createdAt: number
}

/** What creating a run takes; the id is generated (`run_<hex20>`) when absent. */
export interface NewRun {
  readonly id?: string
  readonly scope: 'chat' | 'session'
  readonly profileId: string
}

/** What creating an invocation takes. */
export interface NewInvocation {
  readonly id: string
  readonly runId: string
  readonly protocol: string
  readonly snapshot: unknown
  readonly profile: unknown
}

/** Which runs {@link RunTable.listRuns} returns. */
export interface ListRunsOptions {
  /** At most this many runs (the newest). */
  readonly limit?: number
  /** Only runs in this state. */
  readonly status?: RunStatus
}

/** Runs and their invocations. */
export interface RunTable {
  createRun(run: NewRun): RunRecord
  getRun(id: string): RunRecord | undefined
  setRunStatus(id: string, status: RunStatus): void
  createInvocation(inv: NewInvocation): void
  getInvocation(id: string): InvocationRecord | undefined
  /** Runs, newest first (by creation time, then insertion order). */
  listRuns(options?: ListRunsOptions): RunRecord[]
  /** The invocations of a run, in creation order. */
  invocationsOf(runId: string): InvocationRecord[]
}

/** The run table over one connection. */
export function runTable(db: DatabaseSync, now: () => number): RunTable {
  const insertRun = db.prepare(
    'INSERT INTO runs (id, scope, profile_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const selectRun = db.prepare('SELECT id, scope, profile_id, status, created_at, updated_at FROM runs WHERE id = ?')
  const updateStatus = db.prepare('UPDATE runs SET status = ?, updated_at = ? WHERE id = ?')
  const insertInvocation = db.prepare(
    'INSERT INTO invocations (id, run_id, protocol, snapshot, profile, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const selectInvocation = db.prepare(
    'SELECT id, run_id, protocol, snapshot, profile, created_at FROM invocations WHERE id = ?',
  )
  const selectInvocationsOf = db.prepare(
    'SELECT id, run_id, protocol, snapshot, profile, created_at FROM invocations WHERE run_id = ? ORDER BY created_at, rowid',
  )
  const runColumns = 'SELECT id, scope, profile_id, status, created_at, updated_at FROM runs'
  // -1 is SQLite's "no limit".
  const selectRuns = db.prepare(`${runColumns} ORDER BY created_at DESC, rowid DESC LIMIT ?`)
  const selectRunsByStatus = db.prepare(`${runColumns} WHERE status = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`)

  return {
    createRun(run) {
      const id = run.id ?? newId('run')
      checkSafeId(id, 'run id')
      const at = now()
      const record: RunRecord = {
        id,
        scope: run.scope,
        profileId: run.profileId,
        status: 'running',
        createdAt: at,
        updatedAt: at,
      }
      try {
        insertRun.run(id, run.scope, run.profileId, record.status, at, at)
      } catch (error) {
        throw explainSqliteError(error, `cannot create run ${id}`)
      }
      return record
    },

    getRun(id) {
      const row = selectRun.get(id)
      return row === undefined ? undefined : readRun(row)
    },

    setRunStatus(id, status) {
      let changes: number | bigint
      try {
        changes = updateStatus.run(status, now(), id).changes
      } catch (error) {
        throw explainSqliteError(error, `cannot set run ${id} to ${String(status)}`)
      }
      if (changes === 0) throw new StoreError('store.not_found', `cannot set the status of run ${id}: no such run`)
    },

    createInvocation(inv) {
      try {
        insertInvocation.run(
          inv.id,
          inv.runId,
          inv.protocol,
          toJson(inv.snapshot, `the snapshot of invocation ${inv.id}`),
          toJson(inv.profile, `the profile of invocation ${inv.id}`),
          now(),
        )
      } catch (error) {
        throw explainSqliteError(error, `cannot create invocation ${inv.id} in run ${inv.runId}`)
      }
    },

    getInvocation(id) {
      const row = selectInvocation.get(id)
      return row === undefined ? undefined : readInvocation(row)
    },

    listRuns(options = {}) {
      const limit = options.limit ?? -1
      if (options.limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
        throw new StoreError(
          'store.invalid_value',
          `a run list limit must be a whole number of at least 0; got ${String(options.limit)}`,
        )
      }
      if (options.status !== undefined && !(runStatuses as readonly string[]).includes(options.status)) {
        throw new StoreError(
          'store.invalid_value',
          `"${String(options.status)}" is not a run status; expected one of ${runStatuses.join(', ')}`,
        )
      }
      const rows = options.status === undefined ? selectRuns.all(limit) : selectRunsByStatus.all(options.status, limit)
      return rows.map(readRun)
    },

    invocationsOf(runId) {
      return selectInvocationsOf.all(runId).map(readInvocation)
    },
  }
}

function readInvocation(row: Row): InvocationRecord {
  const read = new RowReader(row, `invocations row id=${String(row.id)}`)
  return {
    id: read.text('id'),
    runId: read.text('run_id'),
    protocol: read.text('protocol'),
    snapshot: read.json('snapshot'),
    profile: read.json('profile'),
    createdAt: read.integer('created_at'),
  }
}

function readRun(row: Row): RunRecord {
  const read = new RowReader(row, `runs row id=${String(row.id)}`)
  return {
    id: read.text('id'),
    scope: read.oneOf('scope', ['chat', 'session']),
    profileId: read.text('profile_id'),
    status: read.oneOf('status', runStatuses),
    createdAt: read.integer('created_at'),
    updatedAt: read.integer('updated_at'),
  }
}
