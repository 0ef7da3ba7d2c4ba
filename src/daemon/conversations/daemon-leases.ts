import { hostname } from 'node:os'
import type { Store } from '../../store/store.js'

/**
 * Named leases between daemon processes sharing a data directory: one driver per conversation.
 * A lease is free when it expired, or when its owner is a process of this machine that has ended
 * (so a daemon restarted after a crash takes its conversations back at once).
 */
export class DaemonLeases {
  readonly #store: Store
  /** `<host>:<pid>:<random>`: unique per daemon process. */
  readonly owner: string

  constructor(store: Store, owner: string) {
    this.#store = store
    this.owner = owner
  }

  /** Takes or extends `name` for `ttlMs`; false when another live owner holds it. */
  acquire(name: string, ttlMs: number): boolean {
    const db = this.#store.database
    return this.#store.transaction(() => {
      const now = Date.now()
      const row = db.prepare('SELECT owner, expires_at FROM daemon_leases WHERE name = ?').get(name)
      if (
        row !== undefined &&
        row.owner !== this.owner &&
        Number(row.expires_at) > now &&
        !ownerGone(String(row.owner))
      )
        return false
      db.prepare(
        `INSERT INTO daemon_leases (name, owner, expires_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET owner = ?2, expires_at = ?3`,
      ).run(name, this.owner, now + ttlMs)
      return true
    })
  }

  /** True while a live owner (this one or another) holds `name`. */
  isHeld(name: string): boolean {
    const row = this.#store.database.prepare('SELECT owner, expires_at FROM daemon_leases WHERE name = ?').get(name)
    return row !== undefined && Number(row.expires_at) > Date.now() && !ownerGone(String(row.owner))
  }

  /** Gives `name` up if this owner holds it. */
  release(name: string): void {
    this.#store.database.prepare('DELETE FROM daemon_leases WHERE name = ? AND owner = ?').run(name, this.owner)
  }
}

/** A daemon owner id for this process. */
export function daemonOwner(suffix: string): string {
  return `${hostname()}:${process.pid}:${suffix}`
}

/** True when the owner is a process on this machine that no longer exists. */
export function ownerGone(owner: string): boolean {
  const [host, pidText] = owner.split(':')
  const pid = Number(pidText)
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
