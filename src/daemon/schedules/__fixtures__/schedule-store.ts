import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { openStore, type Store } from '../../../store/store.js'

/** A fresh data directory for one test file, removed when the file ends. */
export function scheduleDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolhost-schedules-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A store over a real database file in `dataDir`, closed when the test file ends. */
export function scheduleStore(dataDir: string): Store {
  const store = openStore(dataDir)
  afterAll(() => store.close())
  return store
}

/** Adds a conversation row (schedules and their messages belong to one). */
export function addConversation(store: Store, id: string, at = 0): void {
  const [channel = 'test', chatId = id] = id.split(':')
  store.database
    .prepare(
      `INSERT INTO conversations (id, channel, chat_id, address, owner, created_at, updated_at)
       VALUES (?, ?, ?, '{}', 'user:test', ?, ?) ON CONFLICT DO NOTHING`,
    )
    .run(id, channel, chatId, at, at)
}

/** A clock tests move by hand. */
export function manualClock(start: string | number): {
  now: () => number
  set(to: string | number): void
  add(ms: number): void
} {
  let at = typeof start === 'number' ? start : Date.parse(start)
  return {
    now: () => at,
    set(to) {
      at = typeof to === 'number' ? to : Date.parse(to)
    },
    add(ms) {
      at += ms
    },
  }
}
