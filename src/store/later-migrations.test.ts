import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import { migrate } from './migrate.js'
import { migrations } from './migrations.js'

const stores = useStores()

describe('schema step 12: plans in run events', () => {
  it('keeps every run event, its order and its append-only guard, and takes tasks events', async () => {
    const dir = await stores.temp.make()
    const db = new DatabaseSync(join(dir, 'toolhost.db'))
    stores.temp.onCleanup(() => db.close())
    migrate(db, 'old', migrations.slice(0, 11))
    db.exec(
      "INSERT INTO runs (id, scope, profile_id, status, created_at, updated_at) VALUES ('r1', 'session', 'p', 'running', 1, 1)",
    )
    const insert = db.prepare('INSERT INTO run_events (run_id, seq, at, type, data) VALUES (?, ?, ?, ?, ?)')
    insert.run('r1', 1, 10, 'run_started', '{"prompt":"hi","model":"m","profileId":"p","scope":"session"}')
    insert.run('r1', 2, 20, 'model_error', '{"message":"boom"}')
    expect(() => insert.run('r1', 3, 30, 'tasks', '{"invocationId":"i","items":[]}')).toThrow(/CHECK constraint/)

    const store = await stores.open(undefined, dir)
    expect(store.schemaVersion).toBe(migrations.length)
    expect(store.runEvents('r1').map((event) => [event.seq, event.type])).toEqual([
      [1, 'run_started'],
      [2, 'model_error'],
    ])
    store.appendRunEvent('r1', 'tasks', { invocationId: 'inv_1', items: [{ content: 'Plan', status: 'pending' }] })
    expect(store.runEvents('r1', { type: 'tasks' })[0]).toMatchObject({
      seq: 3,
      data: { items: [{ content: 'Plan' }] },
    })
    expect(() => db.exec("DELETE FROM run_events WHERE run_id = 'r1'")).toThrow(/append-only/)
    expect(() => db.exec("UPDATE run_events SET type = 'reply' WHERE seq = 1")).toThrow(/append-only/)
  })
})
