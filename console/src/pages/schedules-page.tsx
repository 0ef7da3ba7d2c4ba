import { useState } from 'react'
import { api } from '../api.js'
import { Link } from '../components/link.js'
import { StatusBadge } from './shared-parts/status-badge.js'
import { formatTime, messageOf, useLoad } from './shared-parts/use-load.js'
import './pages.css'

/** One schedule as `GET /api/schedules` sends it (times as epoch ms or ISO 8601). */
interface Schedule {
  readonly id: string
  readonly conversationId: string
  readonly cron?: string | null
  readonly timeZone?: string | null
  readonly at?: string | number | null
  readonly onceAt?: string | number | null
  readonly prompt: string
  readonly state: string
  readonly nextDueAt?: string | number | null
  readonly createdAt?: string | number
}

/** When a schedule fires, in words. */
function whenOf(schedule: Schedule): string {
  if (schedule.cron !== undefined && schedule.cron !== null)
    return `cron ${schedule.cron}${schedule.timeZone !== undefined && schedule.timeZone !== null ? ` (${schedule.timeZone})` : ''}`
  const once = schedule.at ?? schedule.onceAt
  return once !== undefined && once !== null ? `once at ${formatTime(once)}` : '—'
}

/** The daemon's schedules across conversations, with Cancel for the active ones. */
export function SchedulesPage() {
  const schedules = useLoad<{ schedules: Schedule[] }>('/api/schedules')
  const [notice, setNotice] = useState<string>()
  const [busy, setBusy] = useState<string>()
  const list = schedules.data?.schedules ?? []

  const cancel = async (schedule: Schedule) => {
    setBusy(schedule.id)
    try {
      await api(`/api/schedules/${encodeURIComponent(schedule.id)}`, { method: 'DELETE' })
      setNotice(`Cancelled schedule ${schedule.id}.`)
      schedules.reload()
    } catch (failure) {
      setNotice(messageOf(failure))
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <section className="page pg-page" aria-labelledby="schedules-title">
      <header className="pg-head">
        <h1 id="schedules-title">Schedules</h1>
        <button type="button" onClick={schedules.reload} disabled={schedules.loading}>
          Refresh
        </button>
      </header>
      <p role="status" aria-live="polite" className="pg-small pg-live">
        {notice}
      </p>
      {schedules.error !== undefined && (
        <p role="alert" className="pg-error">
          {schedules.error}
        </p>
      )}
      {schedules.data !== undefined && list.length === 0 && <p className="pg-muted">No schedules.</p>}
      {list.length > 0 && (
        <div className="pg-table-wrap">
          <table className="pg-table">
            <thead>
              <tr>
                <th scope="col">Conversation</th>
                <th scope="col">When</th>
                <th scope="col">Next due</th>
                <th scope="col">State</th>
                <th scope="col">Prompt</th>
                <th scope="col">
                  <span className="visually-hidden pg-sr">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((schedule) => (
                <tr key={schedule.id}>
                  <td>
                    <Link href={`/chat?c=${encodeURIComponent(schedule.conversationId)}`}>
                      <code className="pg-id">{schedule.conversationId}</code>
                    </Link>
                  </td>
                  <td>{whenOf(schedule)}</td>
                  <td>{formatTime(schedule.nextDueAt)}</td>
                  <td>
                    <StatusBadge status={schedule.state} />
                  </td>
                  <td className="pg-prompt-cell">{schedule.prompt}</td>
                  <td>
                    {schedule.state === 'active' && (
                      <button
                        type="button"
                        className="button-danger"
                        disabled={busy !== undefined}
                        aria-label={`Cancel schedule ${schedule.id}`}
                        onClick={() => void cancel(schedule)}
                      >
                        {busy === schedule.id ? 'Cancelling…' : 'Cancel'}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
