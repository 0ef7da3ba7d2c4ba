import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Profile } from '../../profile/profile-schema.js'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'
import { connectionKind, fillVariables, withoutPassword } from '../../tools/database/connection-target.js'

/** How long a PostgreSQL server may take to accept a connection and answer. */
export const databaseCheckTimeoutMs = 3000

/**
 * The profile's database connections: a SQLite file exists and is a database; a PostgreSQL
 * server accepts the connection within {@link databaseCheckTimeoutMs}. `${NAME}` in a URL is read
 * from `env`; the password never appears in what is reported.
 * @example await databaseChecks(profile, process.cwd(), process.env)
 */
export async function databaseChecks(
  profile: Profile,
  workspaceDir: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<HealthCheck[]> {
  return Promise.all(
    Object.entries(profile.databases).map(async ([name, connection]): Promise<HealthCheck> => {
      const check = `database ${name}`
      const unset = [...connection.url.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)]
        .map((match) => match[1] ?? '')
        .filter((variable) => env[variable] === undefined)
      if (unset.length > 0)
        return {
          name: check,
          status: 'fail',
          detail: `its URL reads ${unset.join(', ')} from the environment, which ${unset.length === 1 ? 'is' : 'are'} not set`,
        }
      // As database.query fills them (URL-encoded in a PostgreSQL URL, so a password may hold any character).
      const url = fillVariables(name, connection.url, env)
      return connectionKind(url) === 'sqlite' ? sqliteCheck(check, url, workspaceDir) : postgresCheck(check, url)
    }),
  )
}

function sqliteCheck(name: string, url: string, workspaceDir: string): HealthCheck {
  const path = resolve(workspaceDir, url.slice('sqlite:'.length))
  if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true)
    return { name, status: 'fail', detail: `SQLite file ${path} does not exist; create it or fix the URL` }
  try {
    const db = new DatabaseSync(path, { readOnly: true, timeout: 1000 })
    try {
      db.prepare('SELECT count(*) FROM sqlite_master').get()
    } finally {
      db.close()
    }
  } catch (error) {
    return { name, status: 'fail', detail: `${path} cannot be read as a SQLite database: ${messageOf(error)}` }
  }
  return { name, status: 'ok', detail: `SQLite ${path}` }
}

async function postgresCheck(name: string, url: string): Promise<HealthCheck> {
  const shown = withoutPassword(url)
  const password = passwordOf(url)
  // pg loads only here: the CLI starts without it.
  const { default: pg } = await import('pg')
  let client: InstanceType<typeof pg.Client> | undefined
  try {
    client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: databaseCheckTimeoutMs,
      query_timeout: databaseCheckTimeoutMs,
    })
    // A connection that fails later (after the check) must not end the process.
    client.on('error', () => undefined)
    await client.connect()
    await client.query('SELECT 1')
    return { name, status: 'ok', detail: `PostgreSQL ${shown} answers` }
  } catch (error) {
    const message = messageOf(error)
    const safe = password === '' ? message : message.split(password).join('***')
    return { name, status: 'fail', detail: `PostgreSQL ${shown} cannot be reached: ${safe}; start it or fix the URL` }
  } finally {
    await client?.end().catch(() => undefined)
  }
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password)
  } catch {
    return ''
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
