import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { dieWithHost, findExecutable } from '../src/spawn/find-executable.js'
import { closedPort } from './closed-port.js'

/** The newest Debian PostgreSQL's `bin/` (`/usr/lib/postgresql/<version>/bin`), if installed (CI installs it). */
export const postgresBinDir: string | undefined = newestPostgres('/usr/lib/postgresql')

/** A running PostgreSQL of a test. */
export interface PostgresServer {
  readonly port: number
  /** `postgres://postgres@127.0.0.1:<port>/<database>`: the superuser, no password (trust on loopback). */
  superuserUrl(database?: string): string
  /** `postgres://<role>@127.0.0.1:<port>/<database>` for a login role. */
  urlFor(role: string, database?: string): string
  /** Runs SQL as the superuser (simple protocol, several statements allowed) and returns the last result's rows. */
  sql(text: string, database?: string): Promise<Record<string, unknown>[]>
  /** Stops the server (immediate shutdown) and removes its directory. */
  stop(): Promise<void>
}

/**
 * Starts a real PostgreSQL server on a free loopback port in a temporary directory: `initdb` with
 * trust authentication, fsync off, its unix socket inside the directory. initdb and postgres refuse
 * to run as root, so as root both run as the `postgres` user (`setpriv`), which then owns the
 * directory. The server dies with the test process, however that ends. It has the superuser
 * `postgres`, the database `postgres`, and whatever the test creates through {@link PostgresServer.sql}.
 * @throws Error when PostgreSQL is not installed or does not accept connections within `timeoutMs`
 */
export async function startPostgresServer(timeoutMs = 60_000): Promise<PostgresServer> {
  if (postgresBinDir === undefined)
    throw new Error(
      'PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin/postgres (apt-get install postgresql)',
    )
  const binDir = postgresBinDir
  const dir = mkdtempSync(join(tmpdir(), 'toolhost-postgres-'))
  const dataDir = join(dir, 'data')
  const socketDir = join(dir, 'socket')
  mkdirSync(socketDir)
  // As root, both run as the postgres user; setpriv's --pdeathsig holds across that change and
  // the exec, so the server dies with this process.
  const asUser = runAsPostgresUser(dir)
  const initdb = [
    ...asUser,
    join(binDir, 'initdb'),
    ...['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
  ]
  const init = spawnSync(initdb[0] ?? 'initdb', initdb.slice(1), { encoding: 'utf8', timeout: timeoutMs })
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`initdb failed: ${init.stderr}${init.stdout}${init.error?.message ?? ''}`)
  }
  const port = await closedPort()
  const settings = ['listen_addresses=127.0.0.1', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off']
  const server = [
    ...(asUser.length > 0 ? [...asUser.slice(0, -1), '--pdeathsig', 'KILL', '--'] : dieWithHost()),
    join(binDir, 'postgres'),
    ...['-D', dataDir, '-p', String(port), '-k', socketDir],
    ...settings.flatMap((setting) => ['-c', setting]),
  ]
  const [first, ...rest] = server
  const child = spawn(first ?? 'postgres', rest, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    // SIGQUIT is PostgreSQL's immediate shutdown: the postmaster ends its backends, then itself.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const urlFor = (role: string, database = 'postgres') =>
    `postgres://${encodeURIComponent(role)}@127.0.0.1:${port}/${encodeURIComponent(database)}`
  const superuserUrl = (database?: string) => urlFor('postgres', database)
  const sql = async (text: string, database?: string) => {
    const client = new pg.Client({ connectionString: superuserUrl(database) })
    await client.connect()
    try {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[]
      const last = Array.isArray(result) ? result[result.length - 1] : result
      return (last?.rows ?? []) as Record<string, unknown>[]
    } finally {
      await client.end()
    }
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`postgres exited at start: ${output}`)
    }
    if (await accepts(superuserUrl())) return { port, superuserUrl, urlFor, sql, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`postgres did not accept connections on port ${port} within ${timeoutMs} ms: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * As root: the `setpriv` words that run a program as the `postgres` user (ending in `--`), after
 * giving that user `dir` and its socket directory. Otherwise none.
 */
function runAsPostgresUser(dir: string): string[] {
  if (process.getuid?.() !== 0) return []
  const setpriv = findExecutable('setpriv', process.env.PATH)
  if (setpriv === undefined) throw new Error('setpriv (util-linux) is needed to run PostgreSQL as root')
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
  const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
  const uid = Number(ids.stdout.trim())
  const gid = Number(gids.stdout.trim())
  if (ids.status !== 0 || !Number.isInteger(uid))
    throw new Error('PostgreSQL refuses to run as root, and there is no postgres user')
  for (const path of [dir, join(dir, 'socket')]) chownSync(path, uid, gid)
  return [setpriv, '--reuid', 'postgres', '--regid', 'postgres', '--init-groups', '--']
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

function newestPostgres(root: string): string | undefined {
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}
