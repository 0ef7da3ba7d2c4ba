import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { request as httpRequest } from 'node:http'
import { fillText, loadTexts } from '../../text/model-text.js'
import { pinnedLookup } from '../../net/pinned-request.js'
import type { ProxyContext } from './proxy-context.js'

const texts = loadTexts(import.meta.url, ['upstreamFailed', 'badTarget'] as const)

// Headers of one hop, not of the request: the proxy speaks its own framing on each side. Expect
// too: the proxy's server has already answered a 100-continue itself.
const hopByHop = new Set([
  'expect',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/**
 * Forwards an absolute-form request (`GET http://host/path`) to the host's checked addresses over
 * a fresh connection and streams the answer back. The Host header is the URL's; hop-by-hop headers
 * (and those the Connection header names) are dropped both ways. A refused host gets its status
 * and a one-line reason; a failure before the answer started a 502.
 */
export async function forwardHttp(
  request: IncomingMessage,
  response: ServerResponse,
  context: ProxyContext,
): Promise<void> {
  const target = request.url ?? ''
  const url = URL.canParse(target) ? new URL(target) : undefined
  if (url === undefined || url.protocol !== 'http:' || url.username !== '' || url.password !== '')
    return answer(response, 400, fillText(texts.badTarget, { target: target.slice(0, 200) }))
  const host = url.hostname
  const port = url.port === '' ? 80 : Number(url.port)
  const decision = await context.check(host, port)
  if (response.destroyed) return
  if (!decision.allowed) return answer(response, decision.status, decision.reason)
  const upstream = httpRequest({
    host,
    port,
    method: request.method ?? 'GET',
    path: `${url.pathname}${url.search}`,
    headers: { ...endToEnd(request.headers), host: url.host },
    agent: false,
    lookup: pinnedLookup(decision.addresses),
    signal: context.signal,
    timeout: context.connectTimeoutMs,
  })
  upstream.once('socket', (socket) => {
    context.upstreams.add(socket)
    socket.once('close', () => context.upstreams.delete(socket))
    socket.once('connect', () => upstream.setTimeout(0))
  })
  upstream.once('timeout', () => upstream.destroy(new Error(`no connection within ${context.connectTimeoutMs} ms`)))
  upstream.once('error', (error) => {
    if (response.headersSent) response.destroy()
    else answer(response, 502, fillText(texts.upstreamFailed, { host, port, detail: error.message }))
  })
  upstream.once('response', (reply) => {
    const status = reply.statusCode ?? 502
    if (reply.statusMessage === undefined || reply.statusMessage === '')
      response.writeHead(status, endToEnd(reply.headers))
    else response.writeHead(status, reply.statusMessage, endToEnd(reply.headers))
    reply.pipe(response)
    reply.once('error', () => response.destroy())
  })
  // The program hanging up before the answer is complete aborts the upstream request.
  response.once('close', () => {
    if (!response.writableFinished) upstream.destroy()
  })
  request.pipe(upstream)
}

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !hopByHop.has(name) && !named.includes(name)) kept[name] = value
  return kept
}

function answer(response: ServerResponse, status: number, reason: string): void {
  const body = `${reason}\n`
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  response.end(body)
}
