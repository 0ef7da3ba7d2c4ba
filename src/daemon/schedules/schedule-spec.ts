import { Cron } from 'croner'
import { ToolError } from '../../core/tool-error.js'
import { cutShort, fillText } from '../../text/model-text.js'
import type { ScheduleSpec } from '../../tool/run-services.js'
import { scheduleTexts as texts } from './schedule-texts.js'

/** The zone of a cron expression given without one. */
export const defaultTimeZone = 'UTC'

/** The shortest time between two firings of one schedule: each firing starts an agent turn. */
export const minCronIntervalMs = 60_000

/** A checked schedule: when it fires first, and how it goes on. */
export type CheckedSchedule =
  | { readonly kind: 'cron'; readonly cron: string; readonly timeZone: string; readonly firstDueAt: number }
  | { readonly kind: 'once'; readonly at: number; readonly firstDueAt: number }

/**
 * Checks a spec at `now` (epoch ms) and computes its first due time.
 * @throws ToolError `schedule.invalid_spec` for both or neither of cron and at (or a zone with at),
 *   `schedule.invalid_cron`, `schedule.unknown_time_zone`, `schedule.invalid_time`, `schedule.time_passed`
 */
export function checkScheduleSpec(spec: ScheduleSpec, now: number): CheckedSchedule {
  const cron = spec.cron?.trim()
  const at = spec.at?.trim()
  const given = (value: string | undefined): value is string => value !== undefined && value !== ''
  if (given(cron) && given(at)) throw new ToolError('schedule.invalid_spec', texts.bothCronAndAt)
  if (given(at)) {
    if (given(spec.timeZone?.trim())) throw new ToolError('schedule.invalid_spec', texts.zoneWithoutCron)
    const when = parseOffsetTime(at)
    if (when <= now) {
      throw new ToolError(
        'schedule.time_passed',
        fillText(texts.timePassed, { at: cutShort(at, 60), now: new Date(now).toISOString() }),
      )
    }
    return { kind: 'once', at: when, firstDueAt: when }
  }
  if (!given(cron)) throw new ToolError('schedule.invalid_spec', texts.neitherCronNorAt)
  const timeZone = checkTimeZone(spec.timeZone?.trim() || defaultTimeZone)
  const runs = cronOf(cron, timeZone).nextRuns(5, new Date(now))
  const first = runs[0]
  if (first === undefined) throw new ToolError('schedule.invalid_cron', fillText(texts.cronNever, { cron }))
  if (runs.some((run, index) => index > 0 && run.getTime() - (runs[index - 1]?.getTime() ?? 0) < minCronIntervalMs))
    throw new ToolError('schedule.invalid_cron', fillText(texts.cronTooOften, { cron }))
  return { kind: 'cron', cron, timeZone, firstDueAt: first.getTime() }
}

/**
 * The first time after `after` (epoch ms) that a stored cron expression names, or undefined when it
 * names none. An expression that no longer parses (one stored by another croner version) names none.
 */
export function nextCronRun(cron: string, timeZone: string, after: number): number | undefined {
  try {
    return cronOf(cron, timeZone).nextRun(new Date(after))?.getTime()
  } catch {
    return undefined
  }
}

/**
 * The canonical IANA name of a zone (`europe/berlin` → `Europe/Berlin`).
 * @throws ToolError `schedule.unknown_time_zone` for a zone `Intl` does not know
 */
export function checkTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    throw new ToolError('schedule.unknown_time_zone', fillText(texts.unknownTimeZone, { zone: cutShort(zone, 60) }))
  }
}

/** A paused job: croner computes times without starting a timer. Five fields, or six with seconds first. */
function cronOf(cron: string, timeZone: string): Cron {
  try {
    return new Cron(cron, { timezone: timeZone, paused: true, mode: '5-or-6-parts' })
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^CronPattern:\s*/, '')
    throw new ToolError(
      'schedule.invalid_cron',
      fillText(texts.invalidCron, { cron: cutShort(cron, 100), reason: /[.!?]$/.test(reason) ? reason : `${reason}.` }),
    )
  }
}

const isoWithOffset = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i

/**
 * Epoch ms of an ISO 8601 time with an offset (`2026-12-24T18:00:00+01:00`, `…Z`). A time without
 * an offset is refused: it would be read in the daemon's zone, not the person's.
 * @throws ToolError `schedule.invalid_time` for another form or a date that does not exist (30 February)
 */
export function parseOffsetTime(text: string): number {
  const match = isoWithOffset.exec(text)
  const refuse = () => new ToolError('schedule.invalid_time', fillText(texts.invalidTime, { at: cutShort(text, 60) }))
  if (match === null) throw refuse()
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0))
  // Date.parse rolls 30 February over into March; the fields must name a real local date and time.
  const local = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0))
  const real =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === (month ?? 1) - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hour &&
    local.getUTCMinutes() === minute
  const time = Date.parse(text.toUpperCase())
  if (!real || Number.isNaN(time)) throw refuse()
  return time
}
