/**
 * Runs `database.query` and `database.schema` statements on a SQLite file. It runs in a process of
 * its own (`sqlite-process.ts`, started by `run-sqlite.ts`), so that a statement running past its
 * timeout can be stopped: node:sqlite cannot interrupt a statement, and a worker thread stuck in
 * one cannot be terminated (nor can its process exit).
 *
 * The file is opened read-only, with `query_only`, the defensive flag, no extension loading, no
 * attached databases, a heap limit, and an authorizer that denies everything but reading
 * (`sqlite-authorizer.ts`). Each statement must be one statement: what follows it is refused, not
 * ignored.
 */
import { readdirSync, readlinkSync } from 'node:fs'
import { DatabaseSync, constants, type StatementSync } from 'node:sqlite'
import { refusedAction, type RefusedAction } from './sqlite-authorizer.js'
import { binaryCell, RowCollector, textCell, type Cell, type QueryRows, type StatementRequest } from './query-rows.js'

/** What the SQLite process is asked to do. */
export interface SqliteRequest {
  /** The host path of the database file, checked by the workspace. */
  readonly path: string
  readonly busyTimeoutMs: number
  readonly statements: readonly StatementRequest[]
}

/** Why the statements did not run. */
export type SqliteFailure =
  | { readonly kind: 'open'; readonly message: string }
  | { readonly kind: 'multiple' }
  | { readonly kind: 'refused'; readonly refused: RefusedAction }
  | { readonly kind: 'sqlite'; readonly message: string }

/** What the SQLite process answers. */
export type SqliteResponse =
  | { readonly ok: true; readonly results: readonly QueryRows[] }
  | { readonly ok: false; readonly failure: SqliteFailure }

/** SQLite's memory for one process; past it, statements fail with "out of memory". */
const heapLimitBytes = 256 * 1024 * 1024

/** Runs the request; never throws. */
export function runSqliteRequest(request: SqliteRequest): SqliteResponse {
  let db: DatabaseSync
  try {
    db = new DatabaseSync(request.path, {
      readOnly: true,
      allowExtension: false,
      timeout: request.busyTimeoutMs,
      readBigInts: true,
      returnArrays: true,
      defensive: true,
      limits: { attach: 0 },
    })
  } catch (error) {
    return { ok: false, failure: { kind: 'open', message: messageOf(error) } }
  }
  try {
    if (!opened(request.path))
      return { ok: false, failure: { kind: 'open', message: 'the file was replaced while it was opened; try again' } }
    if (typeof db.setAuthorizer !== 'function')
      return {
        ok: false,
        failure: {
          kind: 'open',
          message: `Node ${process.version} has no SQLite authorizer (Node 24.10 or newer has)`,
        },
      }
    db.exec(`PRAGMA query_only = ON; PRAGMA trusted_schema = OFF; PRAGMA hard_heap_limit = ${heapLimitBytes}`)
    let refused: RefusedAction | undefined
    db.setAuthorizer((action, first, second) => {
      const denied = refusedAction(action, first, second)
      if (denied === undefined) return constants.SQLITE_OK
      refused ??= denied
      return constants.SQLITE_DENY
    })
    const results: QueryRows[] = []
    for (const statement of request.statements) {
      refused = undefined
      let prepared: StatementSync
      try {
        prepared = db.prepare(statement.sql)
      } catch (error) {
        return failed(refused, error)
      }
      if (hasMoreStatements(statement.sql, prepared.sourceSQL)) return { ok: false, failure: { kind: 'multiple' } }
      try {
        results.push(readRows(prepared, statement))
      } catch (error) {
        return failed(refused, error)
      }
    }
    return { ok: true, results }
  } catch (error) {
    return { ok: false, failure: { kind: 'sqlite', message: messageOf(error) } }
  } finally {
    db.close()
  }
}

function readRows(prepared: StatementSync, statement: StatementRequest): QueryRows {
  const columns = prepared.columns().map((column) => ({ name: column.name, type: column.type ?? '' }))
  const collector = new RowCollector(statement.limit)
  const started = performance.now()
  for (const row of prepared.iterate(...statement.params)) {
    if (!collector.add((row as unknown as unknown[]).map(cellOf))) break
  }
  const durationMs = Math.round(performance.now() - started)
  return { columns, rows: collector.rows, truncated: collector.truncated, cutForSize: collector.cutForSize, durationMs }
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'bigint')
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : String(value)
  if (typeof value === 'number') return value
  if (value instanceof Uint8Array) return binaryCell(value.byteLength)
  return textCell(String(value))
}

/**
 * True when statements follow the one SQLite compiled (`source` is the text it compiled): only
 * white space, comments and semicolons may. node:sqlite ignores the rest, which must not pass
 * unnoticed. A text SQLite did not read from its start is treated as more than one statement.
 */
export function hasMoreStatements(sql: string, source: string): boolean {
  if (!sql.startsWith(source)) return true
  const rest = sql
    .slice(source.length)
    .replace(/--[^\n]*(\n|$)/g, ' ')
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
  return !/^[\s;]*$/.test(rest)
}

/**
 * True when this process has `path` open, as the kernel names the file (Linux): a link swapped in
 * after the path was checked would have opened another file. Where there is no /proc, true.
 */
function opened(path: string): boolean {
  let fds: string[]
  try {
    fds = readdirSync('/proc/self/fd')
  } catch {
    return true
  }
  return fds.some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path
    } catch {
      return false
    }
  })
}

function failed(refused: RefusedAction | undefined, error: unknown): SqliteResponse {
  if (refused !== undefined) return { ok: false, failure: { kind: 'refused', refused } }
  const code = (error as { errcode?: unknown }).errcode
  // SQLITE_READONLY: the file is read-only, so the statement wanted to write.
  if (code === 8) return { ok: false, failure: { kind: 'refused', refused: { kind: 'write', action: 'a write' } } }
  return { ok: false, failure: { kind: 'sqlite', message: messageOf(error) } }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
