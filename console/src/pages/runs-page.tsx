import { useState } from 'react'
import { navigate } from '../router.js'
import { formatTime, useLoad } from './shared-parts/use-load.js'
import { StatusBadge } from './shared-parts/status-badge.js'
import './pages.css'

/** A run as the runs list shows it. */
export interface RunSummary {
  readonly id: string
  readonly status: string
  readonly scope: string
  readonly profileId: string
  readonly model?: string
  readonly prompt?: string
  /** The daemon conversation the run answers, if any. */
  readonly conversationId?: string
  readonly createdAt: number
  readonly updatedAt: number
  readonly calls: number
  readonly pendingApprovals: number
}

const statuses = ['', 'running', 'paused', 'completed', 'failed', 'cancelled'] as const
const scopes = ['', 'session', 'chat'] as const
const pageSize = 50

/** Every run, newest first, filtered by status and scope, a page at a time. */
export function RunsPage() {
  const [status, setStatus] = useState('')
  const [scope, setScope] = useState('')
  const [before, setBefore] = useState<string[]>([])
  const query = new URLSearchParams({ limit: String(pageSize) })
  if (status !== '') query.set('status', status)
  if (scope !== '') query.set('scope', scope)
  const cursor = before.at(-1)
  if (cursor !== undefined) query.set('before', cursor)
  const runs = useLoad<{ runs: RunSummary[]; next?: string }>(`/api/runs?${query.toString()}`)
  const list = runs.data?.runs ?? []
  const next = runs.data?.next

  return (
    <section className="page pg-page" aria-labelledby="runs-title">
      <header className="pg-head">
        <h1 id="runs-title">Runs</h1>
        <button type="button" onClick={runs.reload} disabled={runs.loading}>
          Refresh
        </button>
      </header>
      <form className="pg-filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status{' '}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value)
              setBefore([])
            }}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s === '' ? 'any' : s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Scope{' '}
          <select
            value={scope}
            onChange={(event) => {
              setScope(event.target.value)
              setBefore([])
            }}
          >
            {scopes.map((s) => (
              <option key={s} value={s}>
                {s === '' ? 'any' : s}
              </option>
            ))}
          </select>
        </label>
      </form>
      {runs.error !== undefined && (
        <p role="alert" className="pg-error">
          {runs.error}
        </p>
      )}
      {runs.data !== undefined && list.length === 0 && <p className="pg-muted">No runs.</p>}
      <ul className="pg-cards" aria-busy={runs.loading}>
        {list.map((run) => (
          <li key={run.id} className="card pg-card">
            <a
              href={`/runs/${encodeURIComponent(run.id)}`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                event.preventDefault()
                navigate(`/runs/${encodeURIComponent(run.id)}`)
              }}
            >
              <span className="pg-row">
                <StatusBadge status={run.status} />
                <code className="pg-id">{run.id}</code>
                <span className="pg-muted">{formatTime(run.createdAt)}</span>
              </span>
              {run.prompt !== undefined && <span className="pg-prompt">{run.prompt}</span>}
              <span className="pg-row pg-muted pg-small">
                <span>{run.scope}</span>
                <span>profile {run.profileId}</span>
                {run.model !== undefined && <span>{run.model}</span>}
                <span>
                  {run.calls} call{run.calls === 1 ? '' : 's'}
                </span>
                {run.pendingApprovals > 0 && (
                  <span className="pg-tone-warn">
                    {run.pendingApprovals} approval{run.pendingApprovals === 1 ? '' : 's'} waiting
                  </span>
                )}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <nav className="pg-row" aria-label="Pages of runs">
        <button type="button" disabled={before.length === 0} onClick={() => setBefore((b) => b.slice(0, -1))}>
          Newer
        </button>
        <button
          type="button"
          disabled={next === undefined}
          onClick={() => next !== undefined && setBefore((b) => [...b, next])}
        >
          Older
        </button>
      </nav>
    </section>
  )
}
