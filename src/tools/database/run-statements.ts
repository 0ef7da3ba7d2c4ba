import type { DatabaseTarget } from './connection-target.js'
import type { ErrorContext } from './database-errors.js'
import type { QueryRows, StatementRequest } from './query-rows.js'

/**
 * Runs statements read-only on a resolved connection: SQLite in a process of its own, PostgreSQL in
 * a read-only transaction. Each engine loads at first use.
 */
export async function runStatements(
  target: DatabaseTarget,
  statements: readonly StatementRequest[],
  signal: AbortSignal,
  schemaAlias: string,
): Promise<QueryRows[]> {
  const context: ErrorContext = { name: target.name, schema: schemaAlias }
  if (target.kind === 'sqlite') {
    const { runSqlite } = await import('./run-sqlite.js')
    return runSqlite(target, statements, context, signal)
  }
  const { runPostgres } = await import('./run-postgres.js')
  return runPostgres(target, statements, context, signal)
}
