import type { DatabaseSync } from 'node:sqlite'
import { migrations as allMigrations, type Migration } from './migrations.js'
import { RowReader } from './row-reader.js'
import { StoreError } from './store-error.js'
import { transactionOf } from './transaction.js'

/**
 * Brings a database up to the newest schema this code knows. Each step runs in its own
 * `BEGIN IMMEDIATE` transaction that first re-reads `schema_migrations`, so two processes opening a
 * fresh store at once apply every step exactly once. A database with a step this code does not
 * know (a newer toolhost wrote it) is refused before anything is changed.
 *
 * @param label names the database in messages (its path)
 * @returns the schema version the database is at
 * @throws StoreError `store.schema_mismatch` for a newer or foreign history, `store.migration_failed` when a step fails
 */
export function migrate(
  db: DatabaseSync,
  label: string,
  steps: readonly Migration[] = allMigrations,
  now: () => number = Date.now,
): number {
  checkSteps(steps)
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT',
  )
  const transaction = transactionOf(db)
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  // Checked once before the loop so that a newer database is refused even when nothing is pending.
  transaction(() => verifyHistory(appliedSteps(db), steps, label))
  for (const step of steps) {
    transaction(() => {
      const applied = appliedSteps(db)
      verifyHistory(applied, steps, label)
      if (applied.has(step.version)) return
      try {
        db.exec(step.sql)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new StoreError(
          'store.migration_failed',
          `${label}: schema step ${step.version} (${step.name}) failed: ${reason}`,
          { cause: error },
        )
      }
      record.run(step.version, step.name, now())
    })
  }
  return steps.at(-1)?.version ?? 0
}

/** The versions recorded in `schema_migrations`, with their names. */
function appliedSteps(db: DatabaseSync): Map<number, string> {
  const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()
  return new Map(
    rows.map((row) => {
      const read = new RowReader(row, 'schema_migrations row')
      return [read.integer('version'), read.text('name')] as const
    }),
  )
}

function verifyHistory(applied: ReadonlyMap<number, string>, steps: readonly Migration[], label: string): void {
  const known = steps.at(-1)?.version ?? 0
  for (const [version, name] of applied) {
    if (version > known) {
      throw new StoreError(
        'store.schema_mismatch',
        `${label} has schema version ${Math.max(...applied.keys())}, but this toolhost knows versions up to ${known}: ` +
          'it was written by a newer toolhost. Upgrade toolhost, or use another data directory (--data-dir or TOOLHOST_HOME).',
      )
    }
    const expected = steps[version - 1]
    if (expected !== undefined && expected.name !== name) {
      throw new StoreError(
        'store.schema_mismatch',
        `${label}: schema step ${version} was applied as "${name}", but this toolhost's step ${version} is "${expected.name}"; the database comes from a different build.`,
      )
    }
  }
}

function checkSteps(steps: readonly Migration[]): void {
  steps.forEach((step, index) => {
    if (step.version !== index + 1)
      throw new Error(
        `schema steps must be numbered 1, 2, 3, … in order; found ${step.version} at position ${index + 1}`,
      )
  })
}
