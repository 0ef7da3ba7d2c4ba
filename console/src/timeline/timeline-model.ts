/** A stored result as the run's events carry it. */
export interface ResultView {
  readonly content: string
  readonly isError: boolean
  readonly errorCode?: string
  readonly structured?: Record<string, unknown>
  readonly images: readonly { readonly path: string; readonly mimeType: string }[]
}

/** One happening of a run, as the event stream sent it. */
export interface TimelineEvent {
  /** The stream's `id:` (resumable position). */
  readonly id: string
  readonly type: string
  /** Epoch ms, when known. */
  readonly at: number | undefined
  readonly callId: string | undefined
  readonly toolId: string | undefined
  readonly invocationId: string | undefined
  readonly data: Readonly<Record<string, unknown>>
}

/** Everything known about one tool call, folded from its events. */
export interface CallView {
  readonly callId: string
  alias: string
  toolId: string | undefined
  /** The last phase it entered. */
  phase: string
  rawArguments: string | undefined
  /** The tool's one-line description of the call (`Edit src/a.ts`), when it gave one. */
  title: string | undefined
  round: number | undefined
  behavior: string | undefined
  rule: string | undefined
  reason: string | undefined
  approver: string | undefined
  approvalId: string | undefined
  requestedAt: number | undefined
  startedAt: number | undefined
  durationMs: number | undefined
  progress: string | undefined
  result: ResultView | undefined
  error: string | undefined
  stored: string[]
  /** Every event of the call, in order. */
  readonly events: TimelineEvent[]
}

/** A line of the timeline: a run or turn happening, or a whole call. */
export type TimelineRow =
  | { readonly kind: 'event'; readonly key: string; readonly event: TimelineEvent }
  | { readonly kind: 'call'; readonly key: string; readonly call: CallView }

/**
 * The timeline of one run, built as events arrive. Mutable on purpose: thousands of events are
 * appended one by one, and copying the rows for each would make that quadratic; the view re-reads
 * it after each batch (see `version`).
 */
export interface Timeline {
  readonly rows: TimelineRow[]
  /** By `<invocation id>/<call id>`. */
  readonly calls: Map<string, CallView>
  /** Stream ids already taken in, so a replay after reconnecting adds nothing twice. */
  readonly seen: Set<string>
  /** The run's status as the events tell it, once they do. */
  status: string | undefined
  /** Bumped on every change. */
  version: number
}

/** An empty timeline. */
export function emptyTimeline(): Timeline {
  return { rows: [], calls: new Map(), seen: new Set(), status: undefined, version: 0 }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/**
 * Reads one stream message: either a whole stored event (`{ type, at, callId, data, … }`) or its
 * data alone, named by the stream's event type.
 *
 * @example
 * parseEvent('succeeded', '42', '{"callId":"c1","data":{"durationMs":5}}')
 */
export function parseEvent(type: string, id: string, json: string): TimelineEvent {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    parsed = { text: json }
  }
  const outer = record(parsed)
  const whole = typeof outer.type === 'string' && typeof outer.data === 'object' && outer.data !== null
  const data = whole ? record(outer.data) : outer
  const from = whole ? outer : data
  return {
    id,
    type: whole ? (outer.type as string) : type,
    at: number(outer.at),
    callId: text(from.callId),
    toolId: text(from.toolId),
    invocationId: text(from.invocationId) ?? text(data.invocationId),
    data,
  }
}

function resultOf(value: unknown): ResultView | undefined {
  const r = record(value)
  if (typeof r.content !== 'string') return undefined
  const images = Array.isArray(r.images) ? r.images.map(record) : []
  return {
    content: r.content,
    isError: r.isError === true,
    ...(typeof r.errorCode === 'string' && { errorCode: r.errorCode }),
    ...(typeof r.structured === 'object' && r.structured !== null && { structured: record(r.structured) }),
    images: images.flatMap((i) =>
      typeof i.path === 'string' ? [{ path: i.path, mimeType: text(i.mimeType) ?? 'image/png' }] : [],
    ),
  }
}

function newCall(event: TimelineEvent, callId: string): CallView {
  return {
    callId,
    alias: event.toolId ?? callId,
    toolId: event.toolId,
    phase: event.type,
    rawArguments: undefined,
    title: undefined,
    round: undefined,
    behavior: undefined,
    rule: undefined,
    reason: undefined,
    approver: undefined,
    approvalId: undefined,
    requestedAt: event.at,
    startedAt: undefined,
    durationMs: undefined,
    progress: undefined,
    result: undefined,
    error: undefined,
    stored: [],
    events: [],
  }
}

function foldCall(call: CallView, event: TimelineEvent): void {
  const d = event.data
  call.events.push(event)
  call.toolId ??= event.toolId
  if (event.type === 'progress') {
    const of = number(d.total)
    call.progress = `${text(d.message) ?? ''}${number(d.progress) !== undefined ? ` ${d.progress as number}${of !== undefined ? `/${of}` : ''}` : ''}`
    return
  }
  if (event.type === 'stored') {
    if (Array.isArray(d.paths)) call.stored.push(...d.paths.filter((p): p is string => typeof p === 'string'))
    return
  }
  if (event.type !== 'mid_call_approval') call.phase = event.type
  if (event.type === 'requested') {
    call.alias = text(d.alias) ?? call.alias
    call.rawArguments = text(d.rawArguments)
    call.round = number(d.round)
    call.requestedAt = event.at
  }
  if (event.type === 'admitted') call.title = text(d.title) ?? call.title
  if (event.type === 'running') call.startedAt = event.at
  if (typeof d.behavior === 'string') {
    call.behavior = d.behavior
    call.rule = text(d.rule) ?? call.rule
    call.reason = text(d.reason) ?? call.reason
    call.approver = text(d.approver) ?? call.approver
    call.approvalId = text(d.approvalId) ?? call.approvalId
  }
  call.durationMs = number(d.durationMs) ?? call.durationMs
  call.result = resultOf(d.result) ?? call.result
  const error = record(d.error)
  if (typeof error.message === 'string') call.error = `${text(error.name) ?? 'Error'}: ${error.message}`
}

/** Run statuses the run's own events reveal. */
function statusAfter(event: TimelineEvent, before: string | undefined): string | undefined {
  if (event.type === 'run_started') return 'running'
  if (event.type === 'finished') return text(event.data.status) ?? before
  if (event.type === 'awaiting_approval') return 'paused'
  return before
}

/**
 * Takes one event into the timeline: a call's events fold into that call's single row, others get
 * a row each. Events seen before (same stream id) are skipped.
 *
 * @example
 * const timeline = emptyTimeline()
 * addEvent(timeline, parseEvent('run_started', '1', '{"prompt":"hi"}'))
 */
export function addEvent(timeline: Timeline, event: TimelineEvent): void {
  if (event.id !== '' && timeline.seen.has(event.id)) return
  if (event.id !== '') timeline.seen.add(event.id)
  timeline.version += 1
  timeline.status = statusAfter(event, timeline.status)
  if (event.callId !== undefined) {
    // Call ids are unique within an invocation; sub-agents have their own.
    const key = `${event.invocationId ?? ''}/${event.callId}`
    let call = timeline.calls.get(key)
    if (call === undefined) {
      call = newCall(event, event.callId)
      timeline.calls.set(key, call)
      timeline.rows.push({ kind: 'call', key: `call:${key}`, call })
    }
    foldCall(call, event)
    return
  }
  timeline.rows.push({ kind: 'event', key: `event:${event.id}:${timeline.rows.length}`, event })
}

/** The arguments of a call as pretty JSON when they parse, else as sent. */
export function prettyArguments(raw: string | undefined): string {
  if (raw === undefined) return ''
  try {
    return JSON.stringify(JSON.parse(raw), null, 2)
  } catch {
    return raw
  }
}

/** A one-line summary of a call's arguments, for its collapsed row. */
export function argumentsLine(raw: string | undefined, max = 120): string {
  if (raw === undefined) return ''
  let line = raw
  try {
    const parsed = record(JSON.parse(raw))
    line = Object.entries(parsed)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ')
  } catch {
    // Not JSON: shown as the model wrote it.
  }
  line = line.replace(/\s+/g, ' ')
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
