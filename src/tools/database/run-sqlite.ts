import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { dieWithHost } from '../../spawn/find-executable.js'
import {
  connectionFailed,
  multipleStatements,
  queryFailed,
  queryTimeout,
  readOnlyViolation,
  refusedActionText,
  type ErrorContext,
} from './database-errors.js'
import type { QueryRows, StatementRequest } from './query-rows.js'
import type { SqliteRequest, SqliteResponse } from './sqlite-runner.js'

// The process runs this module's sibling: the TypeScript source when this module runs from source
// (with the project's loader hook, which maps `.js` imports to `.ts`), JavaScript once built.
const fromSource = import.meta.url.endsWith('.ts')
const program = fileURLToPath(new URL(fromSource ? './sqlite-process.ts' : './sqlite-process.js', import.meta.url))
const loaderArgs = fromSource
  ? ['--import', fileURLToPath(new URL('../../../scripts/register-ts.ts', import.meta.url))]
  : []

/** Most bytes of output read from the SQLite process; rows are cut well before this. */
const maxOutputBytes = 64 * 1024 * 1024
/** Time the process gets to start before its statements' timeout begins. */
const startGraceMs = 2_000

/** A SQLite file to read: its real host path, how messages name it, and the statement timeout. */
export interface SqliteTarget {
  readonly hostPath: string
  readonly shown: string
  readonly statementTimeoutMs: number
}

/**
 * Runs statements on a SQLite file in a process of its own (`sqlite-process.ts`), killed when the
 * statements run past the timeout or the call is cancelled: node:sqlite cannot interrupt a
 * statement. The process gets no environment and dies with the host.
 * @throws ToolError `database.read_only`, `database.multiple_statements`, `database.timeout`,
 *   `database.connection_failed` or `database.query_failed`; the signal's reason when cancelled
 */
export async function runSqlite(
  target: SqliteTarget,
  statements: readonly StatementRequest[],
  context: ErrorContext,
  signal: AbortSignal,
): Promise<QueryRows[]> {
  signal.throwIfAborted()
  const request: SqliteRequest = {
    path: target.hostPath,
    busyTimeoutMs: Math.min(5_000, target.statementTimeoutMs),
    statements,
  }
  const [first, ...rest] = [...dieWithHost(), process.execPath, '--max-old-space-size=512', ...loaderArgs, program]
  const child = spawn(first ?? process.execPath, rest, { stdio: ['pipe', 'pipe', 'pipe'], env: {} })
  const output: Buffer[] = []
  let outputBytes = 0
  let errors = ''
  let ended: 'timeout' | 'aborted' | 'too-large' | undefined
  const stop = (why: 'timeout' | 'aborted' | 'too-large') => {
    ended ??= why
    child.kill('SIGKILL')
  }
  child.stdout.on('data', (chunk: Buffer) => {
    outputBytes += chunk.length
    if (outputBytes > maxOutputBytes) stop('too-large')
    else output.push(chunk)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    if (errors.length < 10_000) errors += chunk.toString('utf8')
  })
  const timer = setTimeout(() => stop('timeout'), target.statementTimeoutMs + startGraceMs)
  const onAbort = () => stop('aborted')
  signal.addEventListener('abort', onAbort, { once: true })
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve(code))
  })
  child.stdin.on('error', () => undefined)
  child.stdin.end(JSON.stringify(request))
  let code: number | null
  try {
    code = await exit
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  }
  if (ended === 'aborted') throw signal.reason
  if (ended === 'timeout') throw queryTimeout(context.name, target.statementTimeoutMs)
  if (ended === 'too-large') throw queryFailed(context, 'the result is too large to read')
  let response: SqliteResponse
  try {
    response = JSON.parse(Buffer.concat(output).toString('utf8')) as SqliteResponse
  } catch {
    throw connectionFailed(
      context.name,
      target.shown,
      `the SQLite process ended (${code ?? 'killed'}): ${errors.trim()}`,
    )
  }
  if (response.ok) return [...response.results]
  const failure = response.failure
  switch (failure.kind) {
    case 'open':
      throw connectionFailed(context.name, target.shown, failure.message)
    case 'multiple':
      throw multipleStatements()
    case 'refused':
      throw readOnlyViolation(context.name, refusedActionText(failure.refused))
    case 'sqlite':
      throw queryFailed(context, failure.message)
  }
}
