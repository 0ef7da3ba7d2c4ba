import type { Client } from 'pg'
import {
  connectionFailed,
  multipleStatements,
  permissionDenied,
  queryFailed,
  queryTimeout,
  readOnlyViolation,
  unsafeRole,
  type ErrorContext,
} from './database-errors.js'
import { columnsOf, readLimited, type LimitedRead } from './postgres-read.js'
import type { QueryRows, StatementRequest } from './query-rows.js'

/** A PostgreSQL database to read: its URL, how messages name it, the role to read as, and the statement timeout. */
export interface PostgresTarget {
  readonly url: string
  readonly shown: string
  readonly readOnlyRole?: string
  readonly statementTimeoutMs: number
}

/**
 * The roles the session can act as that reach the server's files or programs: superusers and the
 * pg_*_server_* roles. The session user counts, not only the current role: a query may set the
 * role back to any role the session user may take (`set_config('role', …)`), so `SET ROLE` alone
 * cannot make a superuser login safe.
 */
const unsafeRolesSql = `SELECT r.rolname FROM pg_catalog.pg_roles r
WHERE (r.rolsuper OR r.rolname IN ('pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files'))
  AND (pg_catalog.pg_has_role(session_user, r.oid, 'MEMBER') OR pg_catalog.pg_has_role(current_user, r.oid, 'MEMBER'))
ORDER BY r.rolsuper DESC, r.rolname`

const typeNamesSql =
  'SELECT t.oid::int4, pg_catalog.format_type(t.oid, NULL) FROM pg_catalog.pg_type t WHERE t.oid = ANY($1::oid[])'

/** SQLSTATE classes and codes the model gets a specific error for. */
const sqlState = {
  readOnly: '25006',
  insufficientPrivilege: '42501',
  queryCanceled: '57014',
} as const

/** A server's error, as `pg` reports it. */
interface ServerError extends Error {
  readonly code?: string
  readonly hint?: string
}

const connectTimeoutMs = 10_000

/** The parts of `pg`'s client that cancel a statement and close a connection (not in its types). */
interface Canceller {
  readonly connection: { on(event: 'error', listener: () => void): void; readonly stream: { destroy(): void } }
  cancel(client: unknown, query: unknown): void
}

/**
 * Runs statements in one read-only transaction on one new connection, closed afterwards: `BEGIN
 * TRANSACTION READ ONLY`, `SET LOCAL statement_timeout`, `SET LOCAL ROLE` when the connection has a
 * `readOnlyRole`, a check that the session cannot act as a superuser or reach the server's files or
 * programs, then each statement through the extended protocol (one statement, at most its limit
 * rows), and always `ROLLBACK`. `pg` is loaded here, at first use.
 * @throws ToolError `database.connection_failed`, `database.unsafe_role`, `database.read_only`,
 *   `database.permission_denied`, `database.timeout`, `database.multiple_statements` or
 *   `database.query_failed`; the signal's reason when cancelled
 */
export async function runPostgres(
  target: PostgresTarget,
  statements: readonly StatementRequest[],
  context: ErrorContext,
  signal: AbortSignal,
): Promise<QueryRows[]> {
  signal.throwIfAborted()
  const { default: pg } = await import('pg')
  const config = {
    connectionString: target.url,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'toolhost',
  }
  const client = new pg.Client(config)
  // Errors of a connection that broke are reported through the pending query; this keeps them from
  // becoming uncaught.
  client.on('error', () => undefined)
  let active: LimitedRead | undefined
  const onAbort = () => {
    // The server stops the statement on a cancel request (sent on a connection of its own); closing
    // ours alone would leave it running until it next writes to us.
    if (active !== undefined) {
      const canceller = new pg.Client(config) as unknown as Canceller
      canceller.connection.on('error', () => undefined)
      canceller.cancel(client, active)
    }
    ;(client as unknown as Canceller).connection.stream.destroy()
  }
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    try {
      await client.connect()
    } catch (error) {
      signal.throwIfAborted()
      throw connectionFailed(context.name, target.shown, describe(error))
    }
    await begin(client, target, context)
    const results: QueryRows[] = []
    for (const statement of statements) {
      try {
        const read = await readLimited(client, statement.sql, statement.params, statement.limit, (started) => {
          active = started
        })
        const typeNames = await typeNamesOf(client, read.typeOids)
        results.push({ ...read, columns: columnsOf(read.names, read.typeOids, typeNames) })
      } catch (error) {
        signal.throwIfAborted()
        throw statementError(error, target, context)
      }
    }
    return results
  } finally {
    signal.removeEventListener('abort', onAbort)
    await client.query('ROLLBACK').catch(() => undefined)
    await client.end().catch(() => undefined)
  }
}

/** Opens the read-only transaction, takes the read-only role, and refuses unsafe sessions. */
async function begin(client: Client, target: PostgresTarget, context: ErrorContext): Promise<void> {
  let unsafe: string[]
  try {
    await client.query('BEGIN TRANSACTION READ ONLY')
    await client.query(`SET LOCAL statement_timeout = ${Math.round(target.statementTimeoutMs)}`)
    if (target.readOnlyRole !== undefined)
      await client.query(`SET LOCAL ROLE ${client.escapeIdentifier(target.readOnlyRole)}`)
    const result = await client.query<{ rolname: string }>(unsafeRolesSql)
    unsafe = result.rows.map((row) => row.rolname)
  } catch (error) {
    throw connectionFailed(context.name, target.shown, describe(error))
  }
  if (unsafe.length > 0) throw unsafeRole(context.name, unsafe)
}

async function typeNamesOf(client: Client, oids: readonly number[]): Promise<Map<number, string>> {
  if (oids.length === 0) return new Map()
  const result = await client.query<{ oid: number; format_type: string }>(typeNamesSql, [[...new Set(oids)]])
  return new Map(result.rows.map((row) => [Number(row.oid), row.format_type]))
}

function statementError(error: unknown, target: PostgresTarget, context: ErrorContext): Error {
  const message = describe(error)
  // Errors without a severity are the client's: the connection broke.
  if (!(error instanceof Error) || !('severity' in error)) return connectionFailed(context.name, target.shown, message)
  const server = error as ServerError
  if (server.code === sqlState.readOnly) return readOnlyViolation(context.name, message)
  if (server.code === sqlState.insufficientPrivilege) return permissionDenied(context, message)
  if (server.code === sqlState.queryCanceled && /statement timeout/i.test(message))
    return queryTimeout(context.name, target.statementTimeoutMs)
  if (/cannot insert multiple commands into a prepared statement/i.test(message)) return multipleStatements()
  return queryFailed(context, message, server.hint)
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0])
  return error instanceof Error ? error.message || error.name : String(error)
}
