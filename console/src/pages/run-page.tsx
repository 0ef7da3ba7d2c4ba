import { useEffect, useMemo, useState } from 'react'
import { api } from '../api.js'
import { Link } from '../components/link.js'
import { navigate } from '../router.js'
import type { TimelineRow } from '../timeline/timeline-model.js'
import { TimelineRowView } from '../timeline/timeline-row.js'
import { turnKeys, turnTexts, type RunTranscript } from '../timeline/turn-texts.js'
import { useRunEvents, type StreamState } from '../timeline/use-run-events.js'
import { VirtualList } from '../timeline/virtual-list.js'
import type { RunSummary } from './runs-page.js'
import { StatusBadge } from './shared-parts/status-badge.js'
import { formatTime, messageOf, useLoad } from './shared-parts/use-load.js'
import './pages.css'

type Filter = 'all' | 'calls' | 'problems'

const problemPhases = new Set(['failed', 'denied', 'rejected', 'timed_out', 'outcome_unknown', 'awaiting_approval'])

function shown(row: TimelineRow, filter: Filter): boolean {
  if (filter === 'all') return true
  if (row.kind === 'call')
    return filter === 'calls' || problemPhases.has(row.call.phase) || row.call.result?.isError === true
  return (
    filter === 'problems' &&
    (row.event.type === 'model_error' || (row.event.type === 'finished' && row.event.data.status !== 'completed'))
  )
}

/** One run: its state, Cancel and Resume, and its live timeline. */
export function RunPage({ runId }: { readonly runId: string }) {
  const run = useLoad<RunSummary>(`/api/runs/${encodeURIComponent(runId)}`)
  const [generation, setGeneration] = useState(0)
  const [notice, setNotice] = useState<string>()
  const [busy, setBusy] = useState(false)

  const act = async (what: 'cancel' | 'resume') => {
    setBusy(true)
    try {
      await api(`/api/runs/${encodeURIComponent(runId)}/${what}`, { method: 'POST', body: {} })
      setNotice(what === 'cancel' ? 'Cancel requested.' : 'Resumed.')
      run.reload()
      // A finished stream has closed: read it again to follow the resumed run.
      if (what === 'resume') setGeneration((n) => n + 1)
    } catch (failure) {
      setNotice(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const status = run.data?.status
  return (
    <section className="page pg-page pg-run" aria-labelledby="run-title">
      <header className="pg-head">
        <h1 id="run-title">
          Run <code className="pg-id">{runId}</code>
        </h1>
        <div className="pg-row">
          <button type="button" onClick={() => navigate('/runs')}>
            All runs
          </button>
          <button
            type="button"
            className="button-danger"
            disabled={busy || (status !== 'running' && status !== 'paused')}
            onClick={() => void act('cancel')}
          >
            Cancel
          </button>
          <button
            type="button"
            disabled={busy || (status !== 'paused' && status !== 'cancelled')}
            onClick={() => void act('resume')}
          >
            Resume
          </button>
        </div>
      </header>
      {run.error !== undefined && (
        <p role="alert" className="pg-error">
          {run.error}
        </p>
      )}
      {run.data !== undefined && (
        <p className="pg-row pg-small">
          <StatusBadge status={run.data.status} />
          <span>{run.data.scope}</span>
          <span>profile {run.data.profileId}</span>
          {run.data.model !== undefined && <span>{run.data.model}</span>}
          <span className="pg-muted">started {formatTime(run.data.createdAt)}</span>
          {run.data.conversationId !== undefined && (
            <Link href={`/chat?c=${encodeURIComponent(run.data.conversationId)}`}>
              conversation {run.data.conversationId}
            </Link>
          )}
        </p>
      )}
      <p role="status" aria-live="polite" className="pg-small pg-live">
        {notice}
      </p>
      <RunTimeline key={`${runId}:${generation}`} runId={runId} onStatus={(s) => s !== status && run.reload()} />
    </section>
  )
}

const streamWords: Record<StreamState, string> = {
  connecting: 'connecting…',
  live: 'live',
  ended: 'ended',
  retrying: 'reconnecting…',
}

function RunTimeline({ runId, onStatus }: { readonly runId: string; readonly onStatus: (status: string) => void }) {
  const { timeline, state, version } = useRunEvents(runId)
  const [filter, setFilter] = useState<Filter>('all')
  const [follow, setFollow] = useState(true)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const [decideError, setDecideError] = useState<string>()

  // The rows are appended in place; `version` says when to filter them again.
  const rows = useMemo(() => timeline.rows.filter((row) => shown(row, filter)), [timeline, version, filter])

  // What the model wrote in each turn is in the transcript.
  const keys = useMemo(() => turnKeys(timeline), [timeline, version])
  // A turn's text is stored as it ends: read again on every turn event and when the run ends.
  const turnEvents = useMemo(
    () => timeline.rows.filter((row) => row.kind === 'event' && row.event.type.startsWith('turn_')).length,
    [timeline, version],
  )
  const turns = keys.size
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    if (turns === 0) return
    let current = true
    api<RunTranscript>(`/api/runs/${encodeURIComponent(runId)}/transcript`).then(
      (transcript) => current && setTexts(turnTexts(transcript)),
      () => undefined, // The turns stay without their text.
    )
    return () => {
      current = false
    }
  }, [runId, turns, turnEvents, timeline.status])

  const lastStatus = timeline.status
  useEffect(() => {
    if (lastStatus !== undefined) onStatus(lastStatus)
    // Only when the status the events tell changes.
  }, [lastStatus])

  const toggle = (key: string) =>
    setOpen((before) => {
      const after = new Set(before)
      if (after.has(key)) after.delete(key)
      else after.add(key)
      return after
    })

  const decide = (approvalId: string, decision: 'once' | 'always' | 'deny') => {
    const path = `/api/approvals/${encodeURIComponent(approvalId)}/${decision === 'deny' ? 'deny' : 'approve'}`
    api(path, { method: 'POST', body: decision === 'deny' ? {} : { scope: decision } }).then(
      () => setDecideError(undefined),
      (failure: unknown) => setDecideError(messageOf(failure)),
    )
  }

  const calls = timeline.calls.size
  return (
    <div className="tl">
      <div className="pg-filters">
        <label>
          Show{' '}
          <select value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            <option value="all">everything</option>
            <option value="calls">tool calls</option>
            <option value="problems">problems and approvals</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} /> Follow new
          events
        </label>
        <button type="button" disabled={open.size === 0} onClick={() => setOpen(new Set())}>
          Collapse all
        </button>
        <span className="pg-small pg-muted" role="status" aria-live="polite">
          {timeline.seen.size} events · {calls} call{calls === 1 ? '' : 's'} · stream {streamWords[state]}
        </span>
      </div>
      {decideError !== undefined && (
        <p role="alert" className="pg-error">
          {decideError}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="pg-muted">{state === 'connecting' ? 'Loading events…' : 'No events to show.'}</p>
      ) : (
        <VirtualList
          items={rows}
          version={version}
          rowHeight={36}
          keyOf={(row) => row.key}
          isMeasured={(row) => open.has(row.key)}
          follow={follow}
          label="Run timeline"
          renderRow={(row) => (
            <TimelineRowView
              row={row}
              runId={runId}
              open={open.has(row.key)}
              onToggle={() => toggle(row.key)}
              onDecide={decide}
              turnText={texts.get(keys.get(row.key) ?? '')}
            />
          )}
        />
      )}
    </div>
  )
}
