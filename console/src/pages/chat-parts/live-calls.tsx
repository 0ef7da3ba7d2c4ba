import { Link } from '../../components/link.js'
import { argumentsLine } from '../../timeline/timeline-model.js'
import { useRunEvents } from '../../timeline/use-run-events.js'
import { StatusBadge } from '../shared-parts/status-badge.js'

/** How many of a run's latest calls the chat shows under a message. */
const shownCalls = 8

/**
 * The tool calls of a run as they happen (from its event stream), under the message that started
 * it, with a link to the run's timeline.
 *
 * @example
 * <LiveCalls runId="run_1" />
 */
export function LiveCalls({ runId }: { readonly runId: string }) {
  const { timeline, state } = useRunEvents(runId)
  const calls = [...timeline.calls.values()]
  const hidden = Math.max(0, calls.length - shownCalls)
  return (
    <div className="ch-calls">
      {calls.length > 0 && (
        <ul aria-label="Tool calls">
          {calls.slice(-shownCalls).map((call) => (
            <li key={`${call.events[0]?.invocationId ?? ''}/${call.callId}`} className="pg-row">
              <StatusBadge status={call.phase} /> <code>{call.alias}</code>
              <span className="pg-muted ch-args">{call.progress ?? argumentsLine(call.rawArguments, 80)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="pg-small pg-muted">
        {hidden > 0 && `${hidden} earlier call${hidden === 1 ? '' : 's'} · `}
        <Link href={`/runs/${encodeURIComponent(runId)}`}>Run {runId}</Link>
        {state !== 'ended' && timeline.status !== undefined && ` · ${timeline.status}`}
      </p>
    </div>
  )
}
