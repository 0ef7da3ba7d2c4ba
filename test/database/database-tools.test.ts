import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { ApprovalRequest } from '../../src/permissions/approvals/approval-request.js'
import { parseProfile } from '../../src/profile/load-profile.js'
import { currentProfileSchemaVersion } from '../../src/profile/profile-schema.js'
import { startPostgresServer, type PostgresServer } from '../postgres-server.js'
import { tempDir } from '../temp-dir.js'
import { builtinTools } from '../../src/tools/index.js'
import { testCallContext } from '../call-context.js'
import { callTool } from '../tool-calls.js'
import { databaseQueryTool, databaseTools } from '../../src/tools/database/index.js'

const root = tempDir('toolhost-database-')
const workspaceDir = join(root, 'ws')
mkdirSync(workspaceDir)
// COPY … TO PROGRAM would create this file; the server's user may write in the directory.
const touched = join(root, 'touched-by-copy')

let server: PostgresServer
let host: ToolHost

beforeAll(async () => {
  server = await startPostgresServer()
  await server.sql(`
    CREATE ROLE reader LOGIN;
    CREATE ROLE readonly_role NOLOGIN;
    GRANT readonly_role TO postgres, reader;
    CREATE TABLE orders (
      id integer PRIMARY KEY,
      item text NOT NULL,
      price numeric(8, 2),
      paid boolean,
      receipt bytea,
      note text DEFAULT 'none'
    );
    CREATE INDEX orders_item ON orders (item);
    INSERT INTO orders SELECT n, 'item ' || n, n * 1.5, n % 2 = 0, CASE WHEN n = 2 THEN '\\x010203'::bytea END, CASE WHEN n = 3 THEN NULL ELSE 'n' END
      FROM generate_series(1, 1500) AS n;
    CREATE VIEW paid_orders AS SELECT id, item FROM orders WHERE paid;
    CREATE TABLE secrets (value text);
    INSERT INTO secrets VALUES ('s3cret');
    CREATE FUNCTION add_order() RETURNS integer LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO orders (id, item) VALUES (100000, 'evil'); RETURN 1; END $$;
    -- The reader may write: every refusal below comes from the read-only transaction, not from missing privileges.
    GRANT SELECT, INSERT, UPDATE, DELETE ON orders TO reader;
    GRANT SELECT ON paid_orders TO reader, readonly_role;
    GRANT CREATE ON SCHEMA public TO reader;`)
  await server.sql('CREATE DATABASE analytics')
  await server.sql(
    `CREATE TABLE visits (day date, count integer); INSERT INTO visits VALUES ('2026-12-01', 42); GRANT SELECT ON visits TO reader;`,
    'analytics',
  )
  const sqlite = new DatabaseSync(join(workspaceDir, 'local.db'))
  sqlite.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('local')")
  sqlite.close()
  // The database tools are builtins once registered; before, the test offers them itself.
  const tools = builtinTools.includes(databaseQueryTool) ? [] : databaseTools
  host = await createToolHost({ tools, dataDir: join(root, 'data'), workspaceDir })
}, 120_000)

afterAll(async () => {
  await host?.close()
  await server?.stop()
})

function databases() {
  return {
    main: { url: server.urlFor('reader'), description: 'Orders', statementTimeoutMs: 1_000 },
    analytics: { url: server.urlFor('reader', 'analytics') },
    admin: { url: server.superuserUrl() },
    adminAsReader: { url: server.superuserUrl(), readOnlyRole: 'readonly_role' },
    local: { url: 'sqlite:local.db' },
  }
}

let next = 0
/** A profile with the test's connections and `settings` (tools, permissions). */
function profileWith(settings: Record<string, unknown> = {}) {
  return parseProfile(
    { schemaVersion: currentProfileSchemaVersion, id: 'db', databases: databases(), ...settings },
    'db',
  )
}

async function call(
  name: string,
  args: Record<string, unknown>,
  settings: Record<string, unknown> = {},
  asked: ApprovalRequest[] = [],
) {
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'anthropic',
    profile: profileWith(settings),
    approver: async (request) => {
      asked.push(request)
      return { behavior: 'deny', message: 'not now' }
    },
  })
  const [result] = await invocation.executeTurn({ calls: [{ callId: `c${++next}`, name, arguments: args }] })
  if (result === undefined) throw new Error('no result')
  return result
}

const query = (database: string, sql: string, limit?: number) =>
  call('database_query', { database, query: sql, ...(limit !== undefined && { limit }) })

/** The orders table as the superuser sees it: count, highest id, sum of ids, and notes changed. */
async function ordersState() {
  return server.sql(
    "SELECT count(*)::int AS n, max(id) AS top, sum(id)::int AS ids, count(*) FILTER (WHERE note = 'x')::int AS changed FROM orders",
  )
}

describe('database.query on PostgreSQL, through the host', () => {
  it('is offered only with connections in the profile', async () => {
    const plain = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
    expect(plain.snapshot.bindings.map((binding) => binding.alias)).not.toContain('database_query')
    const withDatabases = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: profileWith(),
    })
    expect(withDatabases.snapshot.bindings.map((binding) => binding.alias)).toEqual(
      expect.arrayContaining(['database_query', 'database_schema']),
    )
  })

  it('returns rows as a table, typed cells, and whether there are more', async () => {
    const result = await query('main', 'SELECT id, item, price, paid, receipt, note FROM orders ORDER BY id', 3)
    expect(result.isError).toBe(false)
    expect(result.content.split('\n')).toEqual([
      '| id | item | price | paid | receipt | note |',
      '| --- | --- | --- | --- | --- | --- |',
      '| 1 | item 1 | 1.50 | false | NULL | n |',
      '| 2 | item 2 | 3.00 | true | <3 bytes> | n |',
      '| 3 | item 3 | 4.50 | false | NULL | NULL |',
      expect.stringMatching(/^3 rows shown in \d+ ms; there are more \(limit 3\)/),
    ])
    expect(result.structured).toMatchObject({
      database: 'main',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'item', type: 'text' },
        { name: 'price', type: 'numeric' },
        { name: 'paid', type: 'boolean' },
        { name: 'receipt', type: 'bytea' },
        { name: 'note', type: 'text' },
      ],
      rows: [
        [1, 'item 1', '1.50', false, null, 'n'],
        [2, 'item 2', '3.00', true, '<3 bytes>', 'n'],
        [3, 'item 3', '4.50', false, null, null],
      ],
      rowCount: 3,
      truncated: true,
    })
    const exact = await query('main', 'SELECT id FROM orders WHERE id <= 3 ORDER BY id', 3)
    expect(exact.structured).toMatchObject({ rowCount: 3, truncated: false })
    expect(exact.content).toMatch(/\n3 rows in \d+ ms\.$/)
  })

  it('returns 1,000 rows at most, and the host keeps a long result in a file', async () => {
    const result = await query('main', 'SELECT * FROM orders ORDER BY id', 1_000)
    expect(result.structured).toMatchObject({ rowCount: 1_000, truncated: true })
    expect((result.structured?.rows as unknown[]).length).toBe(1_000)
    const inline = await call(
      'database_query',
      { database: 'main', query: 'SELECT * FROM orders ORDER BY id', limit: 1_000 },
      { tools: { inlineCharLimit: 5_000 } },
    )
    expect(inline.content).toContain('[Result too long to show')
    expect(inline.content).toMatch(/tool-results\//)
  })

  it.each([
    ["INSERT INTO orders (id, item) VALUES (5000, 'x')", 'database.read_only'],
    ["UPDATE orders SET note = 'x'", 'database.read_only'],
    ['DELETE FROM orders', 'database.read_only'],
    ['DROP TABLE orders', 'database.read_only'],
    ['CREATE TABLE more (x int)', 'database.read_only'],
    ['WITH gone AS (DELETE FROM orders RETURNING id) SELECT count(*) FROM gone', 'database.read_only'],
    ['SELECT add_order()', 'database.read_only'],
    [`COPY (SELECT 1) TO PROGRAM 'touch ${touched}'`, 'database.permission_denied'],
    ["SELECT 1; UPDATE orders SET note = 'x'", 'database.multiple_statements'],
    ["COMMIT; INSERT INTO orders (id, item) VALUES (5001, 'x')", 'database.multiple_statements'],
    ['SELECT * FROM secrets', 'database.permission_denied'],
    ['SELECT * FROM nowhere', 'database.query_failed'],
  ])('refuses %s and changes nothing', async (sql, code) => {
    const before = await ordersState()
    const result = await query('main', sql)
    expect(result).toMatchObject({ isError: true, errorCode: code })
    expect(await ordersState()).toEqual(before)
    expect(existsSync(touched)).toBe(false)
  })

  it('says what went wrong and what to do', async () => {
    expect((await query('main', "UPDATE orders SET note = 'x'")).content).toBe(
      'The database "main" is read-only here: cannot execute UPDATE in a read-only transaction. Use a single SELECT (or WITH … SELECT) that only reads.',
    )
    expect((await query('main', 'SELECT * FROM secrets')).content).toBe(
      'The database "main" refused access: permission denied for table secrets. Query only the tables and functions this connection may read (database_schema lists them).',
    )
  })

  it('refuses a superuser login, also with a readOnlyRole, before running anything', async () => {
    for (const database of ['admin', 'adminAsReader']) {
      const result = await query(database, `COPY (SELECT 1) TO PROGRAM 'touch ${touched}'`)
      expect(result).toMatchObject({ isError: true, errorCode: 'database.unsafe_role' })
      expect(result.content).toContain('its login role can act as postgres')
      expect(existsSync(touched)).toBe(false)
      const read = await query(database, "SELECT set_config('role', 'postgres', true), pg_read_file('PG_VERSION')")
      expect(read.errorCode).toBe('database.unsafe_role')
    }
  })

  it('stops a statement at the timeout without hanging', async () => {
    const result = await query('main', 'SELECT pg_sleep(30)')
    expect(result).toMatchObject({ isError: true, errorCode: 'database.timeout' })
    expect(result.content).toContain('was stopped after 1 s')
    expect((await query('main', 'SELECT 1 AS one')).structured?.rows).toEqual([[1]])
  })

  it('refuses connections not in the profile', async () => {
    const result = await query('elsewhere', 'SELECT 1')
    expect(result).toMatchObject({ isError: true, errorCode: 'database.unknown_connection' })
    expect(result.content).toBe(
      'There is no database connection "elsewhere". Use one of: main, analytics, admin, adminAsReader, local.',
    )
  })

  it('reads the other database and the SQLite file of the same profile', async () => {
    expect((await query('analytics', 'SELECT day::text, count FROM visits')).structured?.rows).toEqual([
      ['2026-12-01', 42],
    ])
    expect((await query('local', 'SELECT x FROM t')).structured?.rows).toEqual([['local']])
  })
})

describe('a cancelled call', () => {
  /** The reader's sessions running `pg_sleep`, as the server lists them. */
  const sleepers = async () =>
    (await server.sql("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(%'"))[0]?.n

  async function until(condition: () => Promise<boolean>) {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50))
  }

  it('ends at once, and its session on the server ends too', async () => {
    const controller = new AbortController()
    const ctx = testCallContext({ profile: profileWith(), signal: controller.signal })
    const call = callTool(databaseQueryTool, { database: 'analytics', query: 'SELECT pg_sleep(60)' }, ctx)
    const settled = call.then(
      () => 'succeeded',
      (error: unknown) => (error === controller.signal.reason ? 'cancelled' : String(error)),
    )
    await until(async () => (await sleepers()) === 1)
    controller.abort(new Error('cancelled by the test'))
    expect(await settled).toBe('cancelled')
    await until(async () => (await sleepers()) === 0)
  }, 30_000)
})

describe('permission rules name connections', () => {
  it('builtin:database.query(analytics) allows that connection; the others ask', async () => {
    const permissions = { allow: ['builtin:database.query(analytics)'], ask: ['builtin:database.query(m*)'] }
    const asked: ApprovalRequest[] = []
    const analytics = await call(
      'database_query',
      { database: 'analytics', query: 'SELECT 1 AS one' },
      { permissions },
      asked,
    )
    expect(analytics.isError).toBe(false)
    expect(asked).toEqual([])
    const main = await call('database_query', { database: 'main', query: 'SELECT 1 AS one' }, { permissions }, asked)
    expect(main.isError).toBe(true)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.alwaysRule).toBe('builtin:database.query(main)')
  })

  it('a deny rule on one connection leaves the others', async () => {
    const permissions = { deny: ['builtin:database.*(admin*)'] }
    expect((await call('database_query', { database: 'admin', query: 'SELECT 1' }, { permissions })).errorCode).toBe(
      'permission.denied',
    )
    expect((await call('database_schema', { database: 'adminAsReader' }, { permissions })).errorCode).toBe(
      'permission.denied',
    )
    expect((await call('database_query', { database: 'main', query: 'SELECT 1' }, { permissions })).isError).toBe(false)
  })
})

describe('database.schema on PostgreSQL', () => {
  it('lists connections, tables with columns, and one table with its indexes', async () => {
    const connections = await call('database_schema', {})
    expect(connections.content).toContain('- main (postgres): Orders\n- analytics (postgres)')
    const tables = await call('database_schema', { database: 'main' })
    expect(tables.content.split('\n')).toEqual([
      'Tables and views of "main" (postgres), 3:',
      '- public.orders (table): id integer not null primary key, item text not null, price numeric(8,2), paid boolean, receipt bytea, note text',
      '- public.paid_orders (view): id integer, item text',
      '- public.secrets (table): value text',
    ])
    const orders = await call('database_schema', { database: 'main', table: 'orders' })
    expect(orders.content.split('\n')).toEqual([
      'Table public.orders of "main":',
      'Columns:',
      '- id integer not null primary key',
      '- item text not null',
      '- price numeric(8,2)',
      '- paid boolean',
      '- receipt bytea',
      "- note text, default 'none'::text",
      'Indexes:',
      '- orders_pkey: CREATE UNIQUE INDEX orders_pkey ON public.orders USING btree (id)',
      '- orders_item: CREATE INDEX orders_item ON public.orders USING btree (item)',
    ])
    expect((await call('database_schema', { database: 'main', table: 'public.nope' })).errorCode).toBe(
      'database.unknown_table',
    )
  })
})
