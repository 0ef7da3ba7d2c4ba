import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolhost } from '../cli/cli-process.js'
import { startPostgresServer, type PostgresServer } from '../postgres-server.js'
import { tempDir } from '../temp-dir.js'

const cwd = tempDir('toolhost-database-cli-')
let server: PostgresServer

beforeAll(async () => {
  server = await startPostgresServer()
  await server.sql(`CREATE ROLE reader LOGIN;
    CREATE TABLE visits (day date, count integer);
    INSERT INTO visits VALUES ('2026-12-01', 42), ('2026-12-02', 7);
    GRANT SELECT, INSERT, DELETE ON visits TO reader;`)
  const db = new DatabaseSync(join(cwd, 'shop.db'))
  db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'tea'), (2, 'cake')")
  db.close()
  const databases = {
    shop: { url: 'sqlite:shop.db', description: 'The shop' },
    analytics: { url: server.urlFor('reader') },
    main: { url: server.urlFor('reader') },
  }
  writeFileSync(join(cwd, 'p.json'), JSON.stringify({ schemaVersion: 1, id: 'db', databases }))
  writeFileSync(
    join(cwd, 'rules.json'),
    JSON.stringify({
      schemaVersion: 1,
      id: 'rules',
      databases,
      permissions: { allow: ['builtin:database.query(analytics)'], ask: ['builtin:database.query(m*)'] },
    }),
  )
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

const call = (tool: string, args: Record<string, unknown>, profile = 'p.json') =>
  toolhost(cwd, ['tools', 'call', tool, JSON.stringify(args), '--profile', profile, '--data-dir', join(cwd, 'data')])

describe('toolhost tools call database.*', () => {
  it('queries a SQLite file and PostgreSQL, and lists the schema', async () => {
    const shop = await call('database.query', { database: 'shop', query: 'SELECT id, name FROM items ORDER BY id' })
    expect(shop.stderr).toBe('')
    expect(shop.code).toBe(0)
    expect(shop.stdout).toContain('| id | name |\n| --- | --- |\n| 1 | tea |\n| 2 | cake |\n2 rows in ')
    const visits = await call('database.query', {
      database: 'analytics',
      query: 'SELECT day::text, count FROM visits ORDER BY day',
      limit: 1,
    })
    expect(visits.code).toBe(0)
    expect(visits.stdout).toContain('| 2026-12-01 | 42 |\n1 row shown in ')
    const schema = await call('database.schema', {})
    expect(schema.code).toBe(0)
    expect(schema.stdout).toContain('- shop (sqlite): The shop\n- analytics (postgres)\n- main (postgres)')
  }, 120_000)

  it('refuses writes, and the data stays as it was', async () => {
    const deleted = await call('database.query', { database: 'analytics', query: 'DELETE FROM visits' })
    expect(deleted.code).toBe(1)
    expect(deleted.stdout + deleted.stderr).toContain('cannot execute DELETE in a read-only transaction')
    const sqlite = await call('database.query', { database: 'shop', query: "UPDATE items SET name = 'x'" })
    expect(sqlite.code).toBe(1)
    expect(sqlite.stdout + sqlite.stderr).toContain('is read-only here')
    expect(await server.sql('SELECT count(*)::int AS n FROM visits')).toEqual([{ n: 2 }])
    const check = new DatabaseSync(join(cwd, 'shop.db'), { readOnly: true })
    expect(check.prepare('SELECT group_concat(name) AS names FROM items').get()).toEqual({ names: 'tea,cake' })
    check.close()
  }, 120_000)

  it('allows the connection a rule names; another waits for approval', async () => {
    const allowed = await call('database.query', { database: 'analytics', query: 'SELECT 1 AS one' }, 'rules.json')
    expect(allowed.code).toBe(0)
    const asked = await call('database.query', { database: 'main', query: 'SELECT 1 AS one' }, 'rules.json')
    expect(asked.code).toBe(3)
  }, 120_000)
})
