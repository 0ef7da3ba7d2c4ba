import type { ServerResponse } from 'node:http'
import type { RunEvent, Store, StoreEvent } from '../../../store/store.js'

/** How often the store is read for what was stored since. */
const pollMs = 250
/** A comment every so often keeps proxies from closing an idle stream. */
const heartbeatMs = 15_000
/** Call events read per look; more are read by the next one at once. */
const pageSize = 500
/** A client that reads this slowly is dropped; it comes back with `Last-Event-ID` and loses nothing. */
const maxBufferedBytes = 1024 * 1024

/** Where a client is in a run's two sequences: its run events and its call events. */
export interface RunStreamCursor {
  /** The last run event sent (per-run seq). */
  readonly run: number
  /** The last call event sent (the audit log's seq). */
  readonly call: number
}

/** One item of the stream: a run event or a call event, with what tells them apart. */
export type RunStreamItem =
  { readonly source: 'run'; readonly event: RunEvent } | { readonly source: 'call'; readonly event: StoreEvent }

/**
 * Reads `Last-Event-ID` (`<run seq>.<call seq>`); anything else starts from the beginning.
 * @example parseCursor('3.120') // { run: 3, call: 120 }
 */
export function parseCursor(id: string | undefined): RunStreamCursor {
  const match = /^(\d+)\.(\d+)$/.exec(id?.trim() ?? '')
  return match === null ? { run: 0, call: 0 } : { run: Number(match[1]), call: Number(match[2]) }
}

/**
 * What was stored for a run after `cursor`, both sequences merged by time (a run event first on a
 * tie), each item with the cursor to resume after it.
 * @example for (const { item, cursor } of itemsAfter(store, runId, { run: 0, call: 0 })) send(item, cursor)
 */
export function itemsAfter(
  store: Store,
  runId: string,
  cursor: RunStreamCursor,
): { item: RunStreamItem; cursor: RunStreamCursor }[] {
  const runEvents = store.runEvents(runId).filter((event) => event.seq > cursor.run)
  const callEvents = store.events({ runId, afterSeq: cursor.call, limit: pageSize })
  const out: { item: RunStreamItem; cursor: RunStreamCursor }[] = []
  let at = cursor
  let r = 0
  let c = 0
  while (r < runEvents.length || c < callEvents.length) {
    const run = runEvents[r]
    const call = callEvents[c]
    if (run !== undefined && (call === undefined || run.at <= call.at)) {
      at = { ...at, run: run.seq }
      out.push({ item: { source: 'run', event: run }, cursor: at })
      r += 1
    } else if (call !== undefined) {
      at = { ...at, call: call.seq }
      out.push({ item: { source: 'call', event: call }, cursor: at })
      c += 1
    }
  }
  return out
}

/** The JSON of an item as the stream sends it. */
function itemData(item: RunStreamItem): Record<string, unknown> {
  const { event } = item
  if (item.source === 'run') return { source: 'run', seq: event.seq, type: event.type, at: event.at, data: event.data }
  const call = item.event
  return {
    source: 'call',
    seq: call.seq,
    type: call.type,
    at: call.at,
    invocationId: call.invocationId,
    callId: call.callId,
    toolId: call.toolId,
    data: call.data,
  }
}

const ended = new Set(['completed', 'failed', 'cancelled'])

/**
 * Turns `res` into a server-sent-events stream of a run: everything stored after `cursor`, then
 * what is stored as the run goes on (read every 250 ms), each as `id: <cursor>`, `event: <type>`
 * and `data: <json>`; `event: end` once the run has ended and all of it was sent. Stops when the
 * client goes away.
 */
export function streamRunEvents(res: ServerResponse, store: Store, runId: string, from: RunStreamCursor): void {
  let cursor = from
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    clearInterval(poll)
    clearInterval(heartbeat)
    res.end()
  }
  const look = () => {
    if (closed) return
    try {
      // The status is read first: whatever was stored before it ended is then read below.
      const status = store.getRun(runId)?.status
      for (;;) {
        const items = itemsAfter(store, runId, cursor)
        for (const { item, cursor: next } of items) {
          cursor = next
          res.write(
            `id: ${cursor.run}.${cursor.call}\nevent: ${item.event.type}\ndata: ${JSON.stringify(itemData(item))}\n\n`,
          )
        }
        if (res.writableLength > maxBufferedBytes) return close()
        if (items.length === 0) break
      }
      if (status === undefined || ended.has(status)) {
        res.write(`event: end\ndata: ${JSON.stringify({ status: status ?? 'unknown' })}\n\n`)
        close()
      }
    } catch {
      close() // the store closed: the daemon is stopping
    }
  }
  const poll = setInterval(look, pollMs)
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs)
  poll.unref()
  heartbeat.unref()
  res.once('close', close)
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  })
  res.write(': connected\n\n')
  look()
}
