import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import { migrate } from './migrate.js'
import { migrations } from './migrations.js'
import { openStore } from './open-store.js'
import { StoreError } from './store-error.js'

const stores = useStores()
const latest = migrations.length

function raw(path: string): DatabaseSync {
  const db = new DatabaseSync(path)
  stores.temp.onCleanup(() => db.close())
  return db
}

function applied(db: DatabaseSync): number[] {
  return db
    .prepare('SELECT version FROM schema_migrations ORDER BY version')
    .all()
    .map((row) => Number(row.version))
}

describe('openStore and migrations', () => {
  it('creates the directory and a WAL database with every step applied', async () => {
    const dir = join(await stores.temp.make(), 'nested', '.toolhost')
    const store = await stores.open(undefined, dir)
    expect(store.dbPath).toBe(join(dir, 'toolhost.db'))
    expect(store.schemaVersion).toBe(latest)
    const db = raw(store.dbPath)
    expect(applied(db)).toEqual(migrations.map((m) => m.version))
    expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal')
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name)
    expect(tables).toEqual(
      expect.arrayContaining([
        'runs',
        'invocations',
        'events',
        'checkpoints',
        'approvals',
        'one_time_codes',
        'memories',
        'mcp_registrations',
        'mcp_tools',
        'transcript_entries',
        'run_events',
        'run_leases',
        'queue_messages',
        'daemon_leases',
        'conversations',
        'conversation_messages',
        'schedules',
        'schedule_firings',
        'api_audit',
        'schema_migrations',
      ]),
    )
    expect(latest).toBe(13)
  })

  it('reopens without reapplying and keeps the data', async () => {
    const dir = await stores.temp.make()
    const first = openStore(dir)
    first.createRun({ id: 'run_keep', scope: 'chat', profileId: 'p' })
    first.close()
    const second = await stores.open(undefined, dir)
    expect(second.getRun('run_keep')?.scope).toBe('chat')
    expect(applied(raw(second.dbPath))).toEqual(migrations.map((m) => m.version))
  })

  it('upgrades a database that is at an older version', async () => {
    const dir = await stores.temp.make()
    const db = raw(join(dir, 'toolhost.db'))
    expect(migrate(db, 'old', migrations.slice(0, 1))).toBe(1)
    expect(applied(db)).toEqual([1])
    const store = await stores.open(undefined, dir)
    expect(store.schemaVersion).toBe(latest)
    expect(applied(db)).toEqual(migrations.map((m) => m.version))
  })

  it('refuses a database written by a newer toolhost, and leaves it alone', async () => {
    const dir = await stores.temp.make()
    openStore(dir).close()
    const db = raw(join(dir, 'toolhost.db'))
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)').run(
      latest + 1,
      'from the future',
    )
    let error: unknown
    try {
      openStore(dir)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(StoreError)
    expect(error).toMatchObject({ code: 'store.schema_mismatch' })
    expect((error as Error).message).toContain(
      `schema version ${latest + 1}, but this toolhost knows versions up to ${latest}`,
    )
    expect((error as Error).message).toContain('Upgrade toolhost')
    expect(applied(db)).toEqual([...migrations.map((m) => m.version), latest + 1])
  })

  it('refuses a database whose history names a different step', async () => {
    const dir = await stores.temp.make()
    openStore(dir).close()
    raw(join(dir, 'toolhost.db'))
      .prepare("UPDATE schema_migrations SET name = 'something else' WHERE version = 1")
      .run()
    expect(() => openStore(dir)).toThrow(/step 1 was applied as "something else"/)
  })

  it('rolls a failing step back entirely and reports which one failed', async () => {
    const db = raw(join(await stores.temp.make(), 'toolhost.db'))
    const broken = [
      ...migrations,
      {
        version: latest + 1,
        name: 'broken',
        sql: 'CREATE TABLE half_done (a INTEGER); INSERT INTO missing VALUES (1);',
      },
    ]
    expect(() => migrate(db, 'test.db', broken)).toThrow(
      expect.objectContaining({
        code: 'store.migration_failed',
        message: expect.stringContaining(`step ${latest + 1} (broken) failed`),
      }),
    )
    expect(applied(db)).toEqual(migrations.map((m) => m.version))
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'half_done'").get()?.n).toBe(0)
  })

  it('refuses a list of steps that is not numbered 1, 2, 3', async () => {
    const db = raw(join(await stores.temp.make(), 'toolhost.db'))
    expect(() => migrate(db, 'x', [{ version: 2, name: 'skips one', sql: '' }])).toThrow(/numbered 1, 2, 3/)
  })

  it('explains a file that is not a database', async () => {
    const dir = await stores.temp.make()
    await writeFile(
      join(dir, 'toolhost.db'),
      'not sqlite at all, just some text that is long enough to have a header'.repeat(20),
    )
    expect(() => openStore(dir)).toThrow(
      expect.objectContaining({
        code: 'store.open_failed',
        message: expect.stringMatching(/toolhost\.db: .*not a database/),
      }),
    )
  })

  it('explains a data directory that cannot be created', async () => {
    const file = join(await stores.temp.make(), 'a-file')
    await writeFile(file, '')
    expect(() => openStore(join(file, 'data'))).toThrow(expect.objectContaining({ code: 'store.open_failed' }))
  })

  it('enforces foreign keys on its connection', async () => {
    const { store, runId } = await stores.withInvocation()
    expect(() =>
      store.appendEvent({ type: 'turn_started', runId, invocationId: 'inv_missing', data: { round: 1 } }),
    ).toThrow(expect.objectContaining({ code: 'store.not_found' }))
  })
})
