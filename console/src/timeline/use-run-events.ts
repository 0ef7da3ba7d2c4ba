import { useEffect, useRef, useState } from 'react'
import { addEvent, emptyTimeline, parseEvent, type Timeline } from './timeline-model.js'

/** The stream's event names: run events, call events and turn events as the store names them. */
export const streamEventTypes = [
  'run_started',
  'invocation_started',
  'reply',
  'drift',
  'compacted',
  'handoff',
  'child_started',
  'child_ended',
  'tasks',
  'finished',
  'model_error',
  'requested',
  'rejected',
  'admitted',
  'denied',
  'awaiting_approval',
  'scheduled',
  'running',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'outcome_unknown',
  'progress',
  'mid_call_approval',
  'stored',
  'turn_started',
  'turn_completed',
  'message',
] as const

/** Where the stream stands. */
export type StreamState = 'connecting' | 'live' | 'ended' | 'retrying'

/**
 * The run's timeline, from `GET /api/runs/:id/events`, growing as events arrive. The browser's
 * EventSource reconnects with `Last-Event-ID` by itself; events already taken in are skipped.
 * Re-renders at most once per frame however fast events come.
 *
 * @example
 * const { timeline, state } = useRunEvents(runId)
 */
export function useRunEvents(runId: string): {
  readonly timeline: Timeline
  readonly state: StreamState
  readonly version: number
} {
  const timelineRef = useRef<Timeline>(emptyTimeline())
  const [version, setVersion] = useState(0)
  const [state, setState] = useState<StreamState>('connecting')

  useEffect(() => {
    const timeline = emptyTimeline()
    timelineRef.current = timeline
    setVersion(0)
    setState('connecting')
    let frame: number | undefined
    const flush = () => {
      frame = undefined
      setVersion(timeline.version)
    }
    const schedule = () => {
      frame ??= requestAnimationFrame(flush)
    }
    const source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events`, { withCredentials: true })
    const onEvent = (event: MessageEvent<string>) => {
      addEvent(timeline, parseEvent(event.type, event.lastEventId, event.data))
      schedule()
    }
    for (const type of streamEventTypes) source.addEventListener(type, onEvent)
    source.addEventListener('end', () => {
      source.close()
      setState('ended')
    })
    source.onopen = () => setState('live')
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'ended' : 'retrying')
    return () => {
      source.close()
      if (frame !== undefined) cancelAnimationFrame(frame)
    }
  }, [runId])

  return { timeline: timelineRef.current, state, version }
}
