import type { DatabaseSync } from 'node:sqlite'
import { RowReader } from './row-reader.js'
import type { Transaction } from './transaction.js'

/** Who drives a run: a process on a host, until the lease expires. */
export interface RunLease {
  readonly runId: string
  readonly host: string
  readonly pid: number
  readonly acquiredAt: number
  readonly expiresAt: number
}

/** The process asking for a lease. */
export interface LeaseHolder {
  readonly host: string
  readonly pid: number
}

/** The outcome of {@link RunLeaseTable.acquire}: the lease, or the one that stands in the way. */
export type LeaseAttempt =
  { readonly acquired: true; readonly lease: RunLease } | { readonly acquired: false; readonly heldBy: RunLease }

/** Leases on runs: one driving process per run. */
export interface RunLeaseTable {
  /**
   * Takes the run's lease for `ttlMs` when it is free, expired, already this holder's, or held by
   * a process `isGone` says has ended (checked only for holders on the same host).
   */
  acquire(runId: string, holder: LeaseHolder, ttlMs: number, isGone: (lease: RunLease) => boolean): LeaseAttempt
  /** Extends this holder's lease; false when it no longer holds it. */
  renew(runId: string, holder: LeaseHolder, ttlMs: number): boolean
  /** Gives the lease up, if this holder has it. */
  release(runId: string, holder: LeaseHolder): void
  get(runId: string): RunLease | undefined
}

/** The run lease table over one connection; acquiring reads and writes in one transaction. */
export function runLeaseTable(db: DatabaseSync, transaction: Transaction, now: () => number): RunLeaseTable {
  const select = db.prepare('SELECT run_id, host, pid, acquired_at, expires_at FROM run_leases WHERE run_id = ?')
  const upsert = db.prepare(`
    INSERT INTO run_leases (run_id, host, pid, acquired_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
    ON CONFLICT (run_id) DO UPDATE SET host = ?2, pid = ?3, acquired_at = ?4, expires_at = ?5`)
  const extend = db.prepare('UPDATE run_leases SET expires_at = ? WHERE run_id = ? AND host = ? AND pid = ?')
  const remove = db.prepare('DELETE FROM run_leases WHERE run_id = ? AND host = ? AND pid = ?')

  const get = (runId: string): RunLease | undefined => {
    const row = select.get(runId)
    if (row === undefined) return undefined
    const read = new RowReader(row, `run_leases row of run ${runId}`)
    return {
      runId,
      host: read.text('host'),
      pid: read.integer('pid'),
      acquiredAt: read.integer('acquired_at'),
      expiresAt: read.integer('expires_at'),
    }
  }

  return {
    acquire(runId, holder, ttlMs, isGone) {
      return transaction((): LeaseAttempt => {
        const at = now()
        const current = get(runId)
        const mine = current !== undefined && current.host === holder.host && current.pid === holder.pid
        const free =
          current === undefined || mine || current.expiresAt <= at || (current.host === holder.host && isGone(current))
        if (!free) return { acquired: false, heldBy: current }
        upsert.run(runId, holder.host, holder.pid, at, at + ttlMs)
        return {
          acquired: true,
          lease: { runId, host: holder.host, pid: holder.pid, acquiredAt: at, expiresAt: at + ttlMs },
        }
      })
    },
    renew(runId, holder, ttlMs) {
      return Number(extend.run(now() + ttlMs, runId, holder.host, holder.pid).changes) > 0
    },
    release(runId, holder) {
      remove.run(runId, holder.host, holder.pid)
    },
    get,
  }
}
