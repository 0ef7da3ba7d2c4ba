import { connect } from 'node:net'
import type { Duplex } from 'node:stream'
import { fillText, loadTexts } from '../../text/model-text.js'
import { pinnedLookup } from '../../net/pinned-request.js'
import type { ProxyContext } from './proxy-context.js'

const texts = loadTexts(import.meta.url, ['upstreamFailed'] as const)

/**
 * Answers a CONNECT for `host:port`: once the host passes the rules, connects to its checked
 * addresses, answers 200 and relays bytes both ways (half-closes included) until either side ends.
 * A refusal or a failed connection is answered with its status and a one-line reason.
 */
export async function openTunnel(
  client: Duplex,
  host: string,
  port: number,
  head: Buffer,
  context: ProxyContext,
): Promise<void> {
  const decision = await context.check(host, port)
  if (client.destroyed) return
  if (!decision.allowed) return refuseTunnel(client, decision.status, decision.reason)
  const upstream = connect({ host, port, lookup: pinnedLookup(decision.addresses), allowHalfOpen: true })
  context.upstreams.add(upstream)
  upstream.setTimeout(context.connectTimeoutMs, () =>
    upstream.destroy(new Error(`no connection within ${context.connectTimeoutMs} ms`)),
  )
  let established = false
  // A reset or failed stream aborts the connection; a clean end half-closes it through the pipe.
  client.once('close', () => {
    if (client.errored !== null || !client.readableEnded) upstream.destroy()
  })
  upstream.once('close', () => context.upstreams.delete(upstream))
  upstream.once('error', (error) => {
    if (established) client.destroy()
    else if (!client.destroyed)
      refuseTunnel(client, 502, fillText(texts.upstreamFailed, { host, port, detail: error.message }))
  })
  upstream.once('connect', () => {
    established = true
    upstream.setTimeout(0)
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length > 0) upstream.write(head)
    client.pipe(upstream)
    upstream.pipe(client)
  })
}

/** Answers a proxy connection with `status` and `reason` as the body, then ends it. */
export function refuseTunnel(client: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`
  const title = status === 403 ? 'Forbidden' : status === 502 ? 'Bad Gateway' : 'Bad Request'
  client.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
