import { StatusBadge } from '../pages/shared-parts/status-badge.js'
import { formatDuration, formatTime } from '../pages/shared-parts/use-load.js'
import { TextOrDiff } from './diff-view.js'
import { previewOf, summarizeEvent } from './event-summary.js'
import { resultUrl } from './result-url.js'
import { argumentsLine, prettyArguments, type CallView, type TimelineRow } from './timeline-model.js'

/** What a timeline row needs besides its data. */
export interface RowProps {
  readonly row: TimelineRow
  readonly runId: string
  readonly open: boolean
  readonly onToggle: () => void
  /** For a model turn: what the model wrote in it, once the transcript is read. */
  readonly turnText?: string | undefined
  /** Answers a waiting approval from the timeline. */
  readonly onDecide: (approvalId: string, decision: 'once' | 'always' | 'deny') => void
}

const clock = (at: number | undefined) => (at === undefined ? '' : new Date(at).toLocaleTimeString())

/**
 * One line of the run timeline: a button that opens its details (the call's input, decision,
 * timings and result; the event's text).
 */
export function TimelineRowView({ row, runId, open, onToggle, onDecide, turnText }: RowProps) {
  if (row.kind === 'event') {
    const plain = summarizeEvent(row.event)
    const preview = turnText === undefined ? undefined : previewOf(turnText)
    const summary = preview === undefined ? plain : { ...plain, body: turnText, preview }
    return (
      <div className={`tl-row pg-tone-${summary.tone}`}>
        <button type="button" className="tl-line" aria-expanded={open} onClick={onToggle}>
          <span className="tl-time">{clock(row.event.at)}</span>
          <span className="tl-title">{summary.title}</span>
          {summary.preview !== undefined && <span className="tl-args">{summary.preview}</span>}
        </button>
        {open && (
          <div className="tl-details">
            {summary.body !== undefined && summary.body !== '' ? (
              <TextOrDiff text={summary.body} />
            ) : (
              <p className="pg-muted">No details.</p>
            )}
            {row.event.at !== undefined && <p className="pg-muted pg-small">{formatTime(row.event.at)}</p>}
          </div>
        )}
      </div>
    )
  }
  const call = row.call
  return (
    <div className={`tl-row tl-call`}>
      <button type="button" className="tl-line" aria-expanded={open} onClick={onToggle}>
        <span className="tl-time">{clock(call.requestedAt)}</span>
        <StatusBadge status={call.phase} />
        <code className="tl-alias">{call.alias}</code>
        <span className="tl-args">{call.progress ?? call.title ?? argumentsLine(call.rawArguments)}</span>
        {call.durationMs !== undefined && <span className="tl-dur">{formatDuration(call.durationMs)}</span>}
      </button>
      {open && <CallDetails call={call} runId={runId} onDecide={onDecide} />}
    </div>
  )
}

function CallDetails({
  call,
  runId,
  onDecide,
}: {
  readonly call: CallView
  readonly runId: string
  readonly onDecide: RowProps['onDecide']
}) {
  const waiting = call.phase === 'awaiting_approval' && call.approvalId !== undefined
  return (
    <div className="tl-details">
      <dl className="tl-facts">
        <dt>Tool</dt>
        <dd>
          <code>{call.toolId ?? '(unknown name)'}</code>
        </dd>
        <dt>Call</dt>
        <dd>
          <code>{call.callId}</code>
          {call.round !== undefined && ` · round ${call.round}`}
        </dd>
        {call.behavior !== undefined && (
          <>
            <dt>Decision</dt>
            <dd>
              <StatusBadge status={call.behavior} />
              {call.rule !== undefined && (
                <>
                  {' '}
                  by rule <code>{call.rule}</code>
                </>
              )}
              {call.approver !== undefined && ` · ${call.approver}`}
              {call.reason !== undefined && ` · ${call.reason}`}
            </dd>
          </>
        )}
        <dt>Timing</dt>
        <dd>
          asked {formatTime(call.requestedAt)}
          {call.startedAt !== undefined &&
            call.requestedAt !== undefined &&
            ` · started after ${formatDuration(call.startedAt - call.requestedAt)}`}
          {call.durationMs !== undefined && ` · ran ${formatDuration(call.durationMs)}`}
        </dd>
      </dl>
      {waiting && (
        <div className="pg-row" role="group" aria-label="Answer the approval">
          <button type="button" onClick={() => onDecide(call.approvalId as string, 'once')}>
            Approve once
          </button>
          <button type="button" onClick={() => onDecide(call.approvalId as string, 'always')}>
            Always allow
          </button>
          <button type="button" className="button-danger" onClick={() => onDecide(call.approvalId as string, 'deny')}>
            Deny
          </button>
        </div>
      )}
      <h3 className="tl-h">Input</h3>
      <pre className="tl-pre">{prettyArguments(call.rawArguments)}</pre>
      {call.error !== undefined && (
        <p className="pg-error" role="note">
          {call.error}
        </p>
      )}
      {call.result !== undefined && (
        <>
          <h3 className="tl-h">
            Result{call.result.isError && ' (error)'}
            {call.result.errorCode !== undefined && ` ${call.result.errorCode}`}
          </h3>
          <TextOrDiff text={call.result.content} />
          {call.result.images.map((image) => (
            <img
              key={image.path}
              className="tl-image"
              src={resultUrl(runId, image.path)}
              alt={`Image from ${call.alias}: ${image.path}`}
              loading="lazy"
            />
          ))}
          {call.result.structured !== undefined && (
            <details>
              <summary>Structured result</summary>
              <pre className="tl-pre">{JSON.stringify(call.result.structured, null, 2)}</pre>
            </details>
          )}
        </>
      )}
      {call.stored.length > 0 && <p className="pg-muted pg-small">Files: {call.stored.join(', ')}</p>}
      <details>
        <summary>{call.events.length} events</summary>
        <ol className="tl-events">
          {call.events.map((event, index) => (
            <li key={index}>
              <span className="tl-time">{clock(event.at)}</span> {event.type}
            </li>
          ))}
        </ol>
      </details>
    </div>
  )
}
