import { randomUUID } from 'node:crypto'
import type { Store } from '../../store/store.js'
import type { BusMessage } from '../bus/bus-message.js'
import { isDeadOwner } from './lease-owner.js'
import { retryDelayMs, type TopicStats } from './message-queue.js'

/** A row taken by a worker. */
export interface ClaimedRow {
  readonly id: string
  readonly body: string
  /** Deliveries so far, this one included. */
  readonly attempts: number
}

/** A dead row as stored. */
export interface DeadRow {
  readonly body: string
  readonly attempts: number
  readonly error: string
  readonly failedAt: number
}

/** Settings the table's changes depend on. */
export interface TableSettings {
  readonly visibilityTimeoutMs: number
  readonly maxAttempts: number
  readonly backoffMs: number
}

const lostWorker = 'the worker that held it stopped renewing its lease (process gone or stuck)'

/**
 * The statements of the `queue_messages` table (migration step 10). A delivery counts as an attempt
 * when it is claimed (so a worker that dies mid-message uses one up); `{ retryInMs }` and a
 * shutdown give the attempt back. Every change of a taken row names its lease owner, so a worker
 * whose lease was lost and taken over cannot settle the new delivery.
 */
export function queueTable(store: Store, settings: TableSettings) {
  const db = store.database
  const insert = db.prepare(
    `INSERT INTO queue_messages (id, topic, idempotency_key, body, state, attempts, available_at, created_at)
     VALUES (?, ?, ?, ?, 'ready', 0, ?, ?) ON CONFLICT DO NOTHING`,
  )
  const hasWork = db.prepare(
    `SELECT EXISTS (SELECT 1 FROM queue_messages WHERE topic = ? AND state = 'ready' AND available_at <= ?)
         OR EXISTS (SELECT 1 FROM queue_messages WHERE topic = ? AND state = 'active' AND lease_until < ?) AS work`,
  )
  const nextAvailable = db.prepare(
    `SELECT min(available_at) AS at FROM queue_messages WHERE topic = ? AND state = 'ready'`,
  )
  // A lease that ran out: the message is ready again, or dead when its deliveries are used up.
  const expire = db.prepare(
    `UPDATE queue_messages
        SET state = CASE WHEN attempts >= ? THEN 'dead' ELSE 'ready' END,
            finished_at = CASE WHEN attempts >= ? THEN ? END,
            available_at = ?, lease_owner = NULL, lease_until = NULL, last_error = ?
      WHERE topic = ? AND state = 'active' AND lease_until < ?`,
  )
  const claim = db.prepare(
    `UPDATE queue_messages SET state = 'active', lease_owner = ?, lease_until = ?, attempts = attempts + 1
      WHERE id = (SELECT id FROM queue_messages WHERE topic = ? AND state = 'ready' AND available_at <= ?
                   ORDER BY available_at, created_at LIMIT 1)
      RETURNING id, body, attempts`,
  )
  const renew = db.prepare(
    `UPDATE queue_messages SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'active'`,
  )
  const done = db.prepare(
    `UPDATE queue_messages SET state = 'done', finished_at = ?, lease_owner = NULL, lease_until = NULL
      WHERE id = ? AND lease_owner = ? AND state = 'active'`,
  )
  const again = db.prepare(
    `UPDATE queue_messages SET state = 'ready', available_at = ?, attempts = attempts + ?,
            lease_owner = NULL, lease_until = NULL, last_error = coalesce(?, last_error)
      WHERE id = ? AND lease_owner = ? AND state = 'active'`,
  )
  const bury = db.prepare(
    `UPDATE queue_messages SET state = 'dead', finished_at = ?, last_error = ?, lease_owner = NULL, lease_until = NULL
      WHERE id = ? AND lease_owner = ? AND state = 'active'`,
  )
  const owners = db.prepare(
    `SELECT DISTINCT lease_owner AS owner FROM queue_messages WHERE topic = ? AND state = 'active'`,
  )
  const expireOwner = db.prepare(
    `UPDATE queue_messages SET lease_until = 0 WHERE topic = ? AND state = 'active' AND lease_owner = ?`,
  )
  // Through the ready index: a done row became available no later than it finished.
  const prune = db.prepare(
    `DELETE FROM queue_messages WHERE topic = ? AND state = 'done' AND available_at < ? AND finished_at < ?`,
  )
  const counts = db.prepare(
    `SELECT topic, state, count(*) AS n FROM queue_messages WHERE state <> 'done' GROUP BY topic, state`,
  )
  const dead = db.prepare(
    `SELECT body, attempts, coalesce(last_error, '') AS error, coalesce(finished_at, 0) AS failedAt
       FROM queue_messages WHERE topic = ? AND state = 'dead' ORDER BY finished_at DESC, rowid DESC LIMIT ?`,
  )

  return {
    /** Stores a message; false when its idempotency key is known. */
    publish(topic: string, message: BusMessage, delayMs: number, now: number): boolean {
      const body = JSON.stringify(message)
      const row = insert.run(randomUUID(), topic, message.idempotencyKey, body, now + delayMs, now)
      return row.changes > 0
    },

    /**
     * Takes the oldest ready message of the topic (after putting back those whose lease ran out),
     * or undefined. Reads first, so an idle poll never takes the write lock.
     */
    claim(topic: string, owner: string, now: number): ClaimedRow | undefined {
      const work = hasWork.get(topic, now, topic, now) as { work: number }
      if (work.work === 0) return undefined
      return store.transaction(() => {
        const max = settings.maxAttempts
        expire.run(max, max, now, now, lostWorker, topic, now)
        return claim.get(owner, now + settings.visibilityTimeoutMs, topic, now) as ClaimedRow | undefined
      })
    },

    /** When the next waiting message of the topic becomes ready (epoch ms), if any. */
    nextAvailable(topic: string): number | undefined {
      const row = nextAvailable.get(topic) as { at: number | null }
      return row.at ?? undefined
    },

    /** Extends a lease; false when it was lost. */
    renew(id: string, owner: string, now: number): boolean {
      return renew.run(now + settings.visibilityTimeoutMs, id, owner).changes > 0
    },

    complete(id: string, owner: string, now: number): void {
      done.run(now, id, owner)
    },

    /** Ready again after `delayMs` without counting this delivery. */
    retryLater(id: string, owner: string, delayMs: number, now: number): void {
      again.run(now + Math.max(0, delayMs), -1, null, id, owner)
    },

    /** A failed attempt: ready after the backoff, or dead once the attempts are used up. */
    fail(row: ClaimedRow, owner: string, error: string, now: number): void {
      if (row.attempts >= settings.maxAttempts) bury.run(now, error, row.id, owner)
      else again.run(now + retryDelayMs(row.attempts, settings.backoffMs), 0, error, row.id, owner)
    },

    /** Straight to the dead letters (a body that is not a bus message). */
    bury(id: string, owner: string, error: string, now: number): void {
      bury.run(now, error, id, owner)
    },

    /** Expires at once the leases of the topic held by processes of this host that are gone. */
    reclaimDeadOwners(topic: string): number {
      let reclaimed = 0
      for (const { owner } of owners.all(topic) as { owner: string | null }[]) {
        if (owner !== null && isDeadOwner(owner)) reclaimed += Number(expireOwner.run(topic, owner).changes)
      }
      return reclaimed
    },

    /** Deletes done rows of the topic finished before `before`. */
    prune(topic: string, before: number): void {
      prune.run(topic, before, before)
    },

    stats(): TopicStats[] {
      const byTopic = new Map<string, { waiting: number; active: number; dead: number }>()
      for (const { topic, state, n } of counts.all() as { topic: string; state: string; n: number }[]) {
        const entry = byTopic.get(topic) ?? { waiting: 0, active: 0, dead: 0 }
        byTopic.set(topic, entry)
        if (state === 'ready') entry.waiting += n
        else if (state === 'active') entry.active += n
        else if (state === 'dead') entry.dead += n
      }
      return [...byTopic].map(([topic, entry]) => ({ topic, ...entry }))
    },

    deadLetters(topic: string, limit: number): DeadRow[] {
      return dead.all(topic, limit) as unknown as DeadRow[]
    },
  }
}

/** The statements of the queue table. */
export type QueueTable = ReturnType<typeof queueTable>
