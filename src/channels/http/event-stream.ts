import type { ServerResponse } from 'node:http'
import type { ChannelHost, ConversationMessage } from '../channel.js'

/** How an event stream behaves. */
export interface EventStreamOptions {
  readonly host: ChannelHost
  readonly conversationId: string
  /** The `Last-Event-ID` the client sent: messages after it are sent first. */
  readonly lastSeq?: number
  /** Milliseconds between comment heartbeats, which keep proxies from closing an idle stream. */
  readonly heartbeatMs: number
}

/** A client that reads this slowly is dropped; it reconnects with `Last-Event-ID` and loses nothing. */
const maxBufferedBytes = 1024 * 1024

/** The fields of a conversation message as the HTTP channel shows it. */
export function messageView(message: ConversationMessage): ConversationMessage {
  return { seq: message.seq, id: message.id, role: message.role, text: message.text, at: message.at }
}

/**
 * Turns `response` into a server-sent-events stream of the conversation: first the messages after
 * `lastSeq` (when given), then every message added from now on, each as `id: <seq>` and
 * `data: <json>`, never one twice or out of order. Subscribing before reading the backlog means no
 * message falls between the two.
 * @returns closes the stream; it also closes itself when the client goes away
 */
export function openEventStream(response: ServerResponse, options: EventStreamOptions): () => void {
  const { host, conversationId } = options
  let sentSeq = options.lastSeq ?? Number.NEGATIVE_INFINITY
  let closed = false
  const write = (message: ConversationMessage) => {
    if (closed || message.seq <= sentSeq) return
    sentSeq = message.seq
    response.write(`id: ${message.seq}\ndata: ${JSON.stringify(messageView(message))}\n\n`)
    if (response.writableLength > maxBufferedBytes) close()
  }
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), options.heartbeatMs)
  heartbeat.unref()
  const unsubscribe = host.subscribe(conversationId, write)
  const close = () => {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    unsubscribe()
    response.end()
  }
  response.once('close', close)
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Reverse proxies (nginx) otherwise hold events back.
    'x-accel-buffering': 'no',
  })
  // The first bytes tell the client the stream is open, before any message exists.
  response.write(': connected\n\n')
  if (options.lastSeq !== undefined)
    for (const message of host.messages(conversationId, options.lastSeq)) write(message)
  return close
}
