import type { Store } from '../../store/store.js'

/**
 * In-process wake-ups of SQLite queue workers: a publish wakes the workers of its topic on the same
 * database file at once (other processes see it by polling). Keyed by the database file, so two
 * stores of one process over the same file wake each other; an in-memory database is its own key.
 */
const waiters = new Map<string, Set<() => void>>()
const memoryKeys = new WeakMap<Store, string>()
let memoryCount = 0

function keyOf(store: Store, topic: string): string {
  let db = store.dbPath
  if (db === ':memory:') {
    db = memoryKeys.get(store) ?? `:memory:${++memoryCount}`
    memoryKeys.set(store, db)
  }
  return `${db}\n${topic}`
}

/** Calls `wake` whenever a message is published to `topic` of `store`'s database; returns the unsubscribe. */
export function onPublish(store: Store, topic: string, wake: () => void): () => void {
  const key = keyOf(store, topic)
  const set = waiters.get(key) ?? new Set()
  waiters.set(key, set)
  set.add(wake)
  return () => {
    set.delete(wake)
    if (set.size === 0) waiters.delete(key)
  }
}

/** Wakes the workers waiting on `topic` of `store`'s database. */
export function published(store: Store, topic: string): void {
  for (const wake of waiters.get(keyOf(store, topic)) ?? []) wake()
}
