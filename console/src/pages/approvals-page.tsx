import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { api, ApiError } from '../api.js'
import type { ApprovalEntry } from '../components/api-shapes.js'
import { ErrorNote } from '../components/error-note.js'
import { Link } from '../components/link.js'
import { approvalsChanged } from '../components/pending-approvals.js'

/** How a person decided a request. */
type Decision = { kind: 'once' } | { kind: 'always' } | { kind: 'deny'; message: string }

/** A decided request, for the note that stays after its card is gone. */
interface DecidedNote {
  readonly approval: ApprovalEntry
  readonly decision: Decision['kind']
  readonly already?: boolean
}

/** The pending approval requests, asked again every 2 s; each is allowed once, always, or denied. */
export function ApprovalsPage(): ReactNode {
  const [approvals, setApprovals] = useState<readonly ApprovalEntry[] | undefined>(undefined)
  const [loadError, setLoadError] = useState<unknown>(undefined)
  const [notes, setNotes] = useState<readonly DecidedNote[]>([])
  // Decided requests stay hidden even if a list asked before the decision still names them.
  const decided = useRef(new Set<string>())

  const load = useCallback(async () => {
    try {
      const answer = await api<{ approvals: readonly ApprovalEntry[] }>('/api/approvals?status=pending')
      setApprovals(answer.approvals.filter((a) => !decided.current.has(a.id)))
      setLoadError(undefined)
    } catch (error) {
      setLoadError(error)
    }
  }, [])
  useEffect(() => {
    void load()
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void load()
    }, 2000)
    const refresh = () => void load()
    addEventListener('focus', refresh)
    return () => {
      clearInterval(timer)
      removeEventListener('focus', refresh)
    }
  }, [load])

  const onDecided = (approval: ApprovalEntry, decision: Decision['kind'], already = false) => {
    decided.current.add(approval.id)
    setApprovals((list) => list?.filter((a) => a.id !== approval.id))
    setNotes((list) => [{ approval, decision, ...(already && { already }) }, ...list].slice(0, 20))
    approvalsChanged()
  }

  return (
    <section className="page" aria-labelledby="approvals-heading">
      <h1 id="approvals-heading">Approvals</h1>
      <div aria-live="polite" className="notes">
        {notes.map((note) => (
          <DecidedMessage key={note.approval.id} note={note} />
        ))}
      </div>
      <ErrorNote error={loadError} action="The approvals could not be loaded" />
      {approvals === undefined ? (
        loadError === undefined && <p className="muted">Loading…</p>
      ) : approvals.length === 0 ? (
        <p className="muted">No approvals are waiting.</p>
      ) : (
        <ul className="card-list" aria-label="Pending approvals">
          {approvals.map((approval) => (
            <li key={approval.id}>
              <ApprovalCard approval={approval} onDecided={onDecided} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function DecidedMessage({ note }: { readonly note: DecidedNote }): ReactNode {
  const { approval, decision } = note
  const words = decision === 'deny' ? 'Denied' : decision === 'always' ? 'Approved always' : 'Approved once'
  return (
    <p className={`notice ${decision === 'deny' ? 'notice-warn' : 'notice-good'}`}>
      {note.already === true ? (
        <>
          <code>{approval.alias}</code> was already decided elsewhere.{' '}
        </>
      ) : (
        <>
          {words}: <code>{approval.alias}</code>.{' '}
        </>
      )}
      The run goes on: <Link href={`/runs/${encodeURIComponent(approval.runId)}`}>{approval.runId}</Link>
    </p>
  )
}

function ApprovalCard({
  approval,
  onDecided,
}: {
  readonly approval: ApprovalEntry
  readonly onDecided: (approval: ApprovalEntry, decision: Decision['kind'], already?: boolean) => void
}): ReactNode {
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const id = `approval-${approval.id.replace(/[^\w-]/g, '_')}`

  const decide = (decision: Decision) => {
    setBusy(true)
    setError(undefined)
    const path = `/api/approvals/${encodeURIComponent(approval.id)}`
    const request =
      decision.kind === 'deny'
        ? api(`${path}/deny`, {
            method: 'POST',
            body: decision.message.trim() === '' ? {} : { message: decision.message },
          })
        : api(`${path}/approve`, { method: 'POST', body: { scope: decision.kind } })
    request.then(
      () => onDecided(approval, decision.kind),
      (failure: unknown) => {
        setBusy(false)
        // Decided meanwhile (another tab, the terminal): it is no longer pending either way.
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404))
          onDecided(approval, decision.kind, true)
        else setError(failure)
      },
    )
  }

  return (
    <article className="card approval" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="card-title">
        <code>{approval.alias}</code>
      </h2>
      <dl className="pairs">
        {approval.title !== undefined && (
          <div>
            <dt>Does</dt>
            <dd>{approval.title}</dd>
          </div>
        )}
        <div>
          <dt>Tool</dt>
          <dd>
            <code>{approval.toolId}</code>
          </dd>
        </div>
        <div>
          <dt>Run</dt>
          <dd>
            <Link href={`/runs/${encodeURIComponent(approval.runId)}`}>{approval.runId}</Link>
          </dd>
        </div>
        <div>
          <dt>Asked</dt>
          <dd>
            <time {...isoTime(approval.createdAt)}>{formatWhen(approval.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Why</dt>
          <dd>{approval.reason}</dd>
        </div>
        {approval.rule !== undefined && (
          <div>
            <dt>Rule that asked</dt>
            <dd>
              <code>{approval.rule}</code>
            </dd>
          </div>
        )}
      </dl>
      <h3 className="small-heading" id={`${id}-input`}>
        Input
      </h3>
      <pre className="approval-input" tabIndex={0} role="region" aria-labelledby={`${id}-input`}>
        {approval.inputText}
      </pre>
      <div className="decision">
        <div className="button-row">
          <button type="button" className="button-primary" disabled={busy} onClick={() => decide({ kind: 'once' })}>
            Approve once
          </button>
          {approval.duringCall !== true && (
            <button
              type="button"
              disabled={busy}
              onClick={() => decide({ kind: 'always' })}
              aria-describedby={approval.alwaysRule !== undefined ? `${id}-always` : undefined}
            >
              Approve always
            </button>
          )}
        </div>
        {approval.duringCall === true ? (
          <p className="small muted">A running tool asked and waits for the answer: it can be approved once.</p>
        ) : (
          approval.alwaysRule !== undefined && (
            <p id={`${id}-always`} className="small muted">
              Approve always adds the rule <code>{approval.alwaysRule}</code>.
            </p>
          )
        )}
        <div className="deny-row">
          <div className="field">
            <label htmlFor={`${id}-message`}>Message with a denial (optional)</label>
            <input
              id={`${id}-message`}
              type="text"
              maxLength={4000}
              value={message}
              placeholder="What to do instead"
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="button-danger"
            disabled={busy}
            onClick={() => decide({ kind: 'deny', message })}
          >
            Deny
          </button>
        </div>
      </div>
      <ErrorNote error={error} action="The decision was not taken" />
    </article>
  )
}

function isoTime(value: string | number): { dateTime?: string } {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? {} : { dateTime: date.toISOString() }
}

function formatWhen(value: string | number): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString()
}
