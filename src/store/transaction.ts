import type { DatabaseSync } from 'node:sqlite'

/** Runs `fn` in a transaction: all of its writes commit together or none do. */
export type Transaction = <T>(fn: () => T) => T

/**
 * Makes the transaction function of one connection. The outermost level takes the write lock up
 * front (`BEGIN IMMEDIATE`): a deferred transaction that reads and then writes can fail at once with
 * SQLITE_BUSY when another process wrote in between, without waiting for the busy timeout. Nested
 * calls become savepoints, so a helper that uses a transaction can be called inside another.
 */
export function transactionOf(db: DatabaseSync): Transaction {
  let depth = 0
  return <T>(fn: () => T): T => {
    const savepoint = `toolhost_${depth}`
    db.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`)
    depth += 1
    let result: T
    try {
      result = fn()
      if (isThenable(result)) {
        throw new TypeError(
          'store.transaction takes a synchronous function: an await inside would let other writes interleave with the open transaction',
        )
      }
    } catch (error) {
      depth -= 1
      rollback(db, depth === 0 ? undefined : savepoint)
      throw error
    }
    depth -= 1
    try {
      db.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`)
    } catch (error) {
      rollback(db, depth === 0 ? undefined : savepoint)
      throw error
    }
    return result
  }
}

function rollback(db: DatabaseSync, savepoint: string | undefined): void {
  // SQLite may already have rolled back by itself (e.g. after SQLITE_FULL or an interrupted I/O).
  // `isTransaction` is missing on older Node 22 releases; there a failed ROLLBACK means just that.
  const open = (db as { readonly isTransaction?: boolean }).isTransaction
  if (open === false) return
  try {
    if (savepoint === undefined) db.exec('ROLLBACK')
    else db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`)
  } catch (error) {
    if (open === true) throw error
  }
}

function isThenable(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
