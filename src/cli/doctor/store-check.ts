import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'
import { migrations } from '../../store/migrations.js'

// Rows of a failed integrity_check quoted in the detail; the rest are counted.
const quotedProblems = 3

/**
 * The store in `<dataDir>/toolhost.db`, read without changing it: that it opens, that its schema
 * is one this toolhost knows (older ones are upgraded at the next start), and SQLite's
 * `integrity_check`.
 * @example storeCheck('/data').status // 'ok'
 */
export function storeCheck(dataDir: string): HealthCheck {
  const name = 'store'
  const path = join(dataDir, 'toolhost.db')
  if (!existsSync(path)) return { name, status: 'ok', detail: `no store yet; the first run creates ${path}` }
  let db: DatabaseSync
  try {
    db = new DatabaseSync(path, { readOnly: true, timeout: 2000 })
  } catch (error) {
    return { name, status: 'fail', detail: `cannot open ${path} (${messageOf(error)}); check its permissions` }
  }
  try {
    let version: number
    try {
      const row = db.prepare('SELECT max(version) AS version FROM schema_migrations').get()
      version = Number(row?.version ?? 0)
    } catch (error) {
      return {
        name,
        status: 'fail',
        detail: `${path} is not a toolhost store (${messageOf(error)}); move it away or use another --data-dir`,
      }
    }
    const latest = migrations.at(-1)?.version ?? 0
    if (version > latest)
      return {
        name,
        status: 'fail',
        detail: `${path} has schema version ${version}, newer than this toolhost knows (${latest}): upgrade toolhost, or use another --data-dir`,
      }
    const problems = db
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => String(Object.values(row)[0]))
    if (problems.length !== 1 || problems[0] !== 'ok') {
      const more = problems.length > quotedProblems ? ` (and ${problems.length - quotedProblems} more)` : ''
      return {
        name,
        status: 'fail',
        detail: `${path} is damaged: ${problems.slice(0, quotedProblems).join('; ')}${more}; restore it from a backup, or move it away and start afresh`,
      }
    }
    return {
      name,
      status: 'ok',
      detail:
        version === latest
          ? `${path}: schema version ${version} (current), integrity ok`
          : `${path}: schema version ${version}, upgraded to ${latest} at the next start; integrity ok`,
    }
  } finally {
    db.close()
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
