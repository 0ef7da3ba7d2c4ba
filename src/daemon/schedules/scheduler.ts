import type { ChannelLog } from '../../channels/channel.js'
import type { Store } from '../../store/store.js'
import { busMessage, newId, type BusMessageOf } from '../bus/bus-message.js'
import { defaultTimeZone, nextCronRun } from './schedule-spec.js'
import { readSchedule, scheduleColumns, type ScheduleRecord } from './schedule-table.js'

/** The bus message of one firing. */
export type ScheduledTask = BusMessageOf<'scheduled_task'>

/** The name of the lease in `daemon_leases` that lets one daemon process fire schedules at a time. */
export const schedulerLease = 'scheduler'
/** How long the lease lasts without a renewal. */
export const schedulerLeaseTtlMs = 10_000
/** The longest wait between ticks: the holder renews its lease, the others look for a free one. */
export const schedulerMaxWaitMs = 4_000
/** The shortest wait between ticks. */
export const schedulerMinWaitMs = 1_000
/** Schedules fired in one tick at most; the rest fire in the next. */
const firingsPerTick = 100

/** Options of {@link Scheduler}. */
export interface SchedulerOptions {
  readonly store: Store
  /** This daemon process; the owner of the lease while it fires schedules. */
  readonly daemonId: string
  /**
   * Puts a firing on the bus (the `llm` topic). When it fails, the pending conversation message
   * remains and the daemon's sweep sends it again later.
   */
  readonly publish: (message: ScheduledTask) => Promise<void>
  /** The clock (epoch ms); tests inject one and call {@link Scheduler.tick}. */
  readonly now?: () => number
  readonly log?: ChannelLog
}

/** What one tick did. */
export interface TickOutcome {
  /** False when another live daemon holds the lease, so this one fired nothing. */
  readonly leader: boolean
  /** Firings this tick recorded (and published, unless publishing failed). */
  readonly fired: readonly ScheduledTask[]
}

/** A firing committed in the store, to publish after the commit. */
interface Firing {
  readonly schedule: ScheduleRecord
  readonly dueAt: number
  readonly messageId: string
  readonly correlationId: string
}

/**
 * Fires due schedules, exactly once per due time across every daemon process sharing the database.
 *
 * Each tick takes the `scheduler` lease (skipping the tick while another live owner holds it) and
 * fires every due schedule in its own transaction: a `schedule_firings` row (its key makes a due
 * time fire once whatever happens: two processes, a lost lease, a crash and a restart), the
 * conversation message (role `schedule`, state `pending`) and the schedule's next due time. Cron
 * schedules go on from the next time after now, so the times missed while no daemon ran fire once,
 * not once each; one-time schedules are done. After the commit the firing is published.
 */
export class Scheduler {
  readonly #store: Store
  readonly #daemonId: string
  readonly #publish: (message: ScheduledTask) => Promise<void>
  readonly #now: () => number
  readonly #log: ChannelLog
  #timer: NodeJS.Timeout | undefined
  #ticking: Promise<TickOutcome> | undefined
  #running = false

  constructor(options: SchedulerOptions) {
    this.#store = options.store
    this.#daemonId = options.daemonId
    this.#publish = options.publish
    this.#now = options.now ?? Date.now
    this.#log = options.log ?? consoleLog
  }

  /** Starts ticking: at the earliest due time, at most once a second and at least every few seconds. */
  start(): void {
    if (this.#running) return
    this.#running = true
    this.#arm(0)
  }

  /** Stops ticking, waits for a tick in progress and gives the lease up. */
  async stop(): Promise<void> {
    this.#running = false
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.#ticking?.catch(() => undefined)
    try {
      this.#store.database
        .prepare('DELETE FROM daemon_leases WHERE name = ? AND owner = ?')
        .run(schedulerLease, this.#daemonId)
    } catch (error) {
      this.#log.warn('scheduler: could not give the lease up', { error: messageOf(error) })
    }
  }

  /** Fires what is due now, if this process holds (or can take) the lease. A tick in progress is joined. */
  tick(): Promise<TickOutcome> {
    this.#ticking ??= this.#tickOnce().finally(() => {
      this.#ticking = undefined
    })
    return this.#ticking
  }

  async #tickOnce(): Promise<TickOutcome> {
    if (!this.#takeLease()) return { leader: false, fired: [] }
    const firings: Firing[] = []
    for (const schedule of this.#due()) {
      try {
        const firing = this.#fire(schedule)
        if (firing !== undefined) firings.push(firing)
      } catch (error) {
        this.#log.error('scheduler: a schedule could not fire', { scheduleId: schedule.id, error: messageOf(error) })
      }
    }
    const fired: ScheduledTask[] = []
    for (const { schedule, dueAt, messageId, correlationId } of firings) {
      const message = busMessage('scheduled_task', {
        conversationId: schedule.conversationId,
        idempotencyKey: `schedule:${schedule.id}:${dueAt}`,
        correlationId,
        scheduleId: schedule.id,
        dueAt,
        messageId,
      })
      fired.push(message)
      try {
        await this.#publish(message)
      } catch (error) {
        // The pending conversation message stays; the daemon's sweep publishes it again.
        this.#log.warn('scheduler: publishing a firing failed; it stays pending', {
          scheduleId: schedule.id,
          dueAt,
          messageId,
          correlationId,
          error: messageOf(error),
        })
      }
    }
    return { leader: true, fired }
  }

  /** Takes or renews the lease; false while another owner's lease has not expired. */
  #takeLease(): boolean {
    const db = this.#store.database
    return this.#store.transaction(() => {
      const at = this.#now()
      const row = db.prepare('SELECT owner, expires_at FROM daemon_leases WHERE name = ?').get(schedulerLease)
      if (row !== undefined && row.owner !== this.#daemonId && Number(row.expires_at) > at) return false
      db.prepare(
        `INSERT INTO daemon_leases (name, owner, expires_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET owner = ?2, expires_at = ?3`,
      ).run(schedulerLease, this.#daemonId, at + schedulerLeaseTtlMs)
      return true
    })
  }

  #due(): ScheduleRecord[] {
    return this.#store.database
      .prepare(
        `SELECT ${scheduleColumns} FROM schedules WHERE state = 'active' AND next_due_at <= ? ORDER BY next_due_at, id LIMIT ?`,
      )
      .all(this.#now(), firingsPerTick)
      .map(readSchedule)
  }

  /**
   * Fires one schedule in one transaction, reading it again under the write lock: another process
   * may have fired or cancelled it since it was selected. Undefined when there was nothing to fire.
   */
  #fire(selected: ScheduleRecord): Firing | undefined {
    const db = this.#store.database
    return this.#store.transaction((): Firing | undefined => {
      const row = db
        .prepare(`SELECT ${scheduleColumns} FROM schedules WHERE id = ? AND state = 'active'`)
        .get(selected.id)
      if (row === undefined) return undefined
      const schedule = readSchedule(row)
      const dueAt = schedule.nextDueAt
      const at = this.#now()
      if (dueAt === null || dueAt > at) return undefined
      const next =
        schedule.cron === null ? undefined : nextCronRun(schedule.cron, schedule.timeZone ?? defaultTimeZone, at)
      db.prepare(`UPDATE schedules SET next_due_at = ?, state = ?, updated_at = ? WHERE id = ?`).run(
        next ?? null,
        next === undefined ? 'done' : 'active',
        at,
        schedule.id,
      )
      const messageId = newId('msg')
      const correlationId = newId('cor')
      const recorded = db
        .prepare(
          'INSERT INTO schedule_firings (schedule_id, due_at, fired_at, message_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        )
        .run(schedule.id, dueAt, at, messageId)
      if (Number(recorded.changes) === 0) return undefined
      db.prepare(
        `INSERT INTO conversation_messages (id, conversation_id, role, text, state, correlation_id, attempts, data, at, updated_at)
         VALUES (?, ?, 'schedule', ?, 'pending', ?, 0, ?, ?, ?)`,
      ).run(
        messageId,
        schedule.conversationId,
        schedule.prompt,
        correlationId,
        JSON.stringify({ scheduleId: schedule.id, dueAt }),
        at,
        at,
      )
      return { schedule, dueAt, messageId, correlationId }
    })
  }

  /** Arms the timer for the next tick after `waitMs`, then keeps ticking while running. */
  #arm(waitMs: number): void {
    if (!this.#running) return
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      this.tick()
        .catch((error: unknown) => this.#log.error('scheduler: a tick failed', { error: messageOf(error) }))
        .finally(() => this.#arm(this.#nextWait()))
    }, waitMs)
    // The scheduler alone never keeps the process alive.
    this.#timer.unref()
  }

  /** The wait until the earliest due time, within the bounds of a tick every 1 to 4 seconds. */
  #nextWait(): number {
    try {
      const row = this.#store.database
        .prepare("SELECT MIN(next_due_at) AS due FROM schedules WHERE state = 'active'")
        .get()
      const due = row?.due
      const wait = typeof due === 'number' ? due - this.#now() : schedulerMaxWaitMs
      return Math.min(schedulerMaxWaitMs, Math.max(schedulerMinWaitMs, wait))
    } catch {
      return schedulerMaxWaitMs
    }
  }
}

const consoleLog: ChannelLog = {
  info: (message, fields) => console.info(message, fields ?? ''),
  warn: (message, fields) => console.warn(message, fields ?? ''),
  error: (message, fields) => console.error(message, fields ?? ''),
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
