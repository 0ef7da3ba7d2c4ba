import { cutShort, fillText } from '../../text/model-text.js'
import type { ScheduleInfo } from '../../tool/run-services.js'
import { scheduleToolTexts as texts } from './schedule-texts.js'

/** A time as ISO 8601 in UTC without zero milliseconds: `2026-12-03T08:00:00Z`. */
export function shortIso(iso: string): string {
  return iso.replace(/\.000Z$/, 'Z')
}

/** When a schedule fires: `every "0 9 * * 1-5" (Europe/Berlin)` or `once at 2026-12-24T17:00:00Z`. */
export function describeWhen(schedule: ScheduleInfo): string {
  if (schedule.cron !== undefined)
    return fillText(texts.whenCron, { cron: schedule.cron, zone: schedule.timeZone ?? 'UTC' })
  return fillText(texts.whenOnce, { at: shortIso(schedule.at ?? '?') })
}

/**
 * The next due time in UTC, with the local time of a cron schedule's zone when that is not UTC:
 * `2026-12-07T08:00:00Z (Mon 7 Dec, 09:00 in Europe/Berlin)`.
 */
export function describeNext(schedule: ScheduleInfo): string {
  if (schedule.nextDueAt === undefined) return schedule.state
  const zone = schedule.timeZone
  if (zone === undefined || zone === 'UTC') return shortIso(schedule.nextDueAt)
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(schedule.nextDueAt))
  return fillText(texts.nextLocal, { utc: shortIso(schedule.nextDueAt), local, zone })
}

/** The prompt as shown in results: on one line, cut when long. */
export function shownPrompt(schedule: ScheduleInfo, max = 200): string {
  return cutShort(schedule.prompt.replace(/\s+/g, ' ').trim(), max)
}

/** One line of a schedule list: `- sch_…: every "…" (UTC); next due …. Prompt: "…"`. */
export function scheduleLine(schedule: ScheduleInfo): string {
  const status =
    schedule.state === 'active' ? fillText(texts.nextDue, { next: describeNext(schedule) }) : schedule.state
  return fillText(texts.listLine, {
    id: schedule.id,
    when: describeWhen(schedule),
    status,
    prompt: shownPrompt(schedule),
  })
}
