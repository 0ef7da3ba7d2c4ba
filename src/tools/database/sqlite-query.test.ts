import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import { tempDir } from '../../../test/temp-dir.js'
import { callTool, failure } from '../../../test/tool-calls.js'
import { parseProfile } from '../../profile/load-profile.js'
import { currentProfileSchemaVersion } from '../../profile/profile-schema.js'
import { createWorkspace } from '../../workspace/create-workspace.js'
import { databaseQueryTool, databaseSchemaTool } from './index.js'

const root = tempDir('toolhost-sqlite-query-')
const workspaceDir = join(root, 'ws')
const hiddenDir = join(root, 'state')
mkdirSync(workspaceDir)
mkdirSync(hiddenDir)
const dbPath = join(workspaceDir, 'shop.db')
{
  const db = new DatabaseSync(dbPath)
  db.exec(`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, photo BLOB);
    CREATE INDEX customers_name ON customers (name);
    CREATE VIEW named AS SELECT id, name FROM customers;`)
  const insert = db.prepare('INSERT INTO customers (id, name, note, photo) VALUES (?, ?, ?, ?)')
  for (let id = 1; id <= 1_200; id += 1)
    insert.run(id, `customer ${id}`, id === 1 ? 'a|b\nc' : null, id === 2 ? new Uint8Array([1, 2, 3]) : null)
  db.close()
}
// toolhost's own store, which no connection may reach: outside the workspace, and behind a link in it.
const secretPath = join(hiddenDir, 'toolhost.db')
{
  const db = new DatabaseSync(secretPath)
  db.exec("CREATE TABLE secrets (value TEXT); INSERT INTO secrets VALUES ('s3cret')")
  db.close()
}
symlinkSync(secretPath, join(workspaceDir, 'link.db'))

const profile = parseProfile(
  {
    schemaVersion: currentProfileSchemaVersion,
    id: 'db',
    databases: {
      shop: { url: 'sqlite:shop.db', description: 'The shop', statementTimeoutMs: 1_000 },
      link: { url: 'sqlite:link.db' },
      outside: { url: 'sqlite:../state/toolhost.db' },
      env: { url: 'sqlite:${SHOP_DB_FILE}' },
    },
  },
  'db',
)
const workspace = createWorkspace([{ at: '', hostDir: workspaceDir, access: 'read-write' }], { hidden: [hiddenDir] })
const ctx = testCallContext({ profile, workspace, alias: (id) => id.replace('builtin:', '').replace('.', '_') })

const query = (input: { database?: string; query: string; limit?: number }) =>
  callTool(databaseQueryTool, { database: 'shop', ...input }, ctx)

describe('database.query on SQLite', () => {
  it('returns rows as a table, with the limit and a truncated flag', async () => {
    const output = await query({ query: 'SELECT id, name, note, photo FROM customers ORDER BY id', limit: 3 })
    expect(output.content.split('\n')).toEqual([
      '| id | name | note | photo |',
      '| --- | --- | --- | --- |',
      '| 1 | customer 1 | a\\|b\\nc | NULL |',
      '| 2 | customer 2 | NULL | <3 bytes> |',
      '| 3 | customer 3 | NULL | NULL |',
      expect.stringMatching(/^3 rows shown in \d+ ms; there are more \(limit 3\)\. Raise limit/),
    ])
    expect(output.structured).toMatchObject({
      database: 'shop',
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'name', type: 'TEXT' },
        { name: 'note', type: 'TEXT' },
        { name: 'photo', type: 'BLOB' },
      ],
      rows: [
        [1, 'customer 1', 'a|b\nc', null],
        [2, 'customer 2', null, '<3 bytes>'],
        [3, 'customer 3', null, null],
      ],
      rowCount: 3,
      truncated: true,
    })
    const all = await query({ query: 'SELECT count(*) AS n FROM customers' })
    expect(all.content).toMatch(/^\| n \|\n\| --- \|\n\| 1200 \|\n1 row in \d+ ms\.$/)
    expect(all.structured?.truncated).toBe(false)
    expect(databaseQueryTool.renderToolResultMessage?.(all)).toMatch(/^1 row in \d+ ms$/)
  })

  it('summarizes calls for people', () => {
    expect(databaseQueryTool.renderToolUseMessage?.({ database: 'shop', query: 'SELECT *\n  FROM customers' })).toBe(
      'Query shop: SELECT * FROM customers',
    )
    expect(databaseSchemaTool.renderToolUseMessage?.({ database: 'shop', table: 'customers' })).toBe(
      'Table customers of shop',
    )
  })

  it('gives 1,000 rows at most', async () => {
    const output = await query({ query: 'SELECT * FROM customers', limit: 1_000 })
    expect(output.structured).toMatchObject({ rowCount: 1_000, truncated: true })
  })

  it.each([
    ['INSERT INTO customers (id, name) VALUES (5000, "x")', 'database.read_only'],
    ["UPDATE customers SET name = 'x'", 'database.read_only'],
    ['DELETE FROM customers', 'database.read_only'],
    ['DROP TABLE customers', 'database.read_only'],
    ['CREATE TABLE more (x)', 'database.read_only'],
    ['CREATE TEMP TABLE more (x)', 'database.read_only'],
    ["WITH x AS (SELECT 1) INSERT INTO customers (id, name) SELECT 9000, 'w' FROM x", 'database.read_only'],
    ['PRAGMA query_only = OFF', 'database.read_only'],
    ['PRAGMA writable_schema = ON', 'database.read_only'],
    ['BEGIN', 'database.read_only'],
    ["SELECT load_extension('/tmp/nothing')", 'database.read_only'],
    ['SELECT 1; DELETE FROM customers', 'database.multiple_statements'],
    ['SELECT * FROM nowhere', 'database.query_failed'],
    ['SELEC 1', 'database.query_failed'],
  ])('refuses %s and changes nothing', async (sql, code) => {
    const refused = await failure(query({ query: sql }))
    expect(refused.code).toBe(code)
    expect((await query({ query: 'SELECT count(*), max(name) FROM customers' })).structured?.rows).toEqual([
      [1_200, 'customer 999'],
    ])
  })

  it('says what is wrong in words the model can act on', async () => {
    expect((await failure(query({ query: 'DELETE FROM customers' }))).message).toBe(
      'The database "shop" is read-only here: the statement would change data or the schema. Use a single SELECT (or WITH … SELECT) that only reads.',
    )
    expect((await failure(query({ query: 'SELECT * FROM nowhere' }))).message).toBe(
      'The database "shop" reported an error: no such table: nowhere. Fix the query; database_schema shows the tables and columns.',
    )
  })

  it('refuses ATTACH and VACUUM INTO, and creates no file', async () => {
    const before = readdirSync(workspaceDir).sort()
    const attached = join(workspaceDir, 'attached.db')
    expect(await failure(query({ query: `ATTACH '${attached}' AS other` }))).toEqual({
      code: 'database.read_only',
      message: expect.stringContaining('ATTACH (opening another database file)'),
    })
    expect((await failure(query({ query: `ATTACH '${secretPath}' AS store` }))).code).toBe('database.read_only')
    expect((await failure(query({ query: `VACUUM INTO '${join(workspaceDir, 'copy.db')}'` }))).code).toBe(
      'database.read_only',
    )
    expect(existsSync(attached)).toBe(false)
    expect(existsSync(join(workspaceDir, 'copy.db'))).toBe(false)
    expect(readdirSync(workspaceDir).sort()).toEqual(before)
  })

  it("never opens toolhost's own files or files outside the workspace", async () => {
    expect((await failure(query({ database: 'link', query: 'SELECT * FROM secrets' }))).code).toMatch(/^workspace\./)
    expect((await failure(query({ database: 'outside', query: 'SELECT * FROM secrets' }))).code).toMatch(/^workspace\./)
  })

  it('stops a statement at the timeout', async () => {
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'
    expect(await failure(query({ query: endless }))).toEqual({
      code: 'database.timeout',
      message: expect.stringContaining('was stopped after 1 s'),
    })
  })

  it('ends a cancelled call with the reason it was cancelled for', async () => {
    const controller = new AbortController()
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'
    const reason = new Error('cancelled by the test')
    const call = callTool(
      databaseQueryTool,
      { database: 'shop', query: endless },
      { ...ctx, signal: controller.signal },
    )
    controller.abort(reason)
    await expect(call).rejects.toBe(reason)
  })

  it('refuses connections not in the profile, naming those that are', async () => {
    expect(await failure(query({ database: 'nope', query: 'SELECT 1' }))).toEqual({
      code: 'database.unknown_connection',
      message: 'There is no database connection "nope". Use one of: shop, link, outside, env.',
    })
    expect((await failure(query({ database: 'constructor', query: 'SELECT 1' }))).code).toBe(
      'database.unknown_connection',
    )
  })

  it('fills variables from the environment, and says which one is missing', async () => {
    delete process.env.SHOP_DB_FILE
    expect(await failure(query({ database: 'env', query: 'SELECT 1' }))).toEqual({
      code: 'database.missing_variable',
      message: expect.stringContaining('needs the environment variable SHOP_DB_FILE, which is not set'),
    })
    process.env.SHOP_DB_FILE = 'shop.db'
    try {
      expect((await query({ database: 'env', query: 'SELECT 2 AS two' })).structured?.rows).toEqual([[2]])
    } finally {
      delete process.env.SHOP_DB_FILE
    }
  })
})

describe('database.schema on SQLite', () => {
  const schema = (input: { database?: string; table?: string }) => callTool(databaseSchemaTool, input, ctx)

  it('lists the connections', async () => {
    const output = await schema({})
    expect(output.content.split('\n')).toEqual([
      'Database connections (4); pass the name as database to database_query, and to database_schema to see its tables:',
      '- shop (sqlite): The shop',
      '- link (sqlite)',
      '- outside (sqlite)',
      '- env (sqlite)',
    ])
  })

  it('lists tables and views with their columns', async () => {
    const output = await schema({ database: 'shop' })
    expect(output.content).toBe(
      [
        'Tables and views of "shop" (sqlite), 2:',
        '- customers (table): id INTEGER primary key, name TEXT not null, note TEXT, photo BLOB',
        '- named (view): id INTEGER, name TEXT',
      ].join('\n'),
    )
  })

  it("describes one table's columns and indexes", async () => {
    const output = await schema({ database: 'shop', table: 'customers' })
    expect(output.content).toBe(
      [
        'Table customers of "shop":',
        'Columns:',
        '- id INTEGER primary key',
        '- name TEXT not null',
        '- note TEXT',
        '- photo BLOB',
        'Indexes:',
        '- customers_name: (name)',
      ].join('\n'),
    )
    expect((await failure(schema({ database: 'shop', table: 'nope' }))).code).toBe('database.unknown_table')
  })
})
