import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { fillText, loadTexts } from '../../text/model-text.js'
import type { HostResolver } from '../../net/resolve-host.js'
import { systemResolver } from '../../net/resolve-host.js'
import { compileSandboxRules, type SandboxNetworkRules, type TargetCheck } from './network-rules.js'
import { forwardHttp } from './proxy-forward.js'
import { openTunnel, refuseTunnel } from './proxy-tunnel.js'
import { createStreamMux } from './stream-mux.js'

export type { SandboxNetworkRules } from './network-rules.js'

/** One host and port a sandboxed command asked for, and what the proxy answered. */
export interface ProxyDecision {
  readonly host: string
  readonly port: number
  /** True when the proxy connected the command to the host. */
  readonly allowed: boolean
  /** Why it did not, in one line (the body of the proxy's answer); absent when allowed. */
  readonly reason?: string
}

/** The proxy serving one sandbox. */
export interface SandboxNetwork {
  /** Ends every connection of the sandbox and the carrier; the command's connections fail from then on. */
  close(): void
  /** The hosts asked for so far, in order; the first {@link MAX_RECORDED_DECISIONS} of them. */
  readonly requests: readonly ProxyDecision[]
}

/** What besides the rules the proxy can be given. */
export interface SandboxNetworkOptions {
  /** Name resolution; the system resolver when omitted. */
  readonly resolve?: HostResolver
  /** Longest wait for a connection to a host; 30 s when omitted. */
  readonly connectTimeoutMs?: number
}

/** How many decisions {@link SandboxNetwork.requests} keeps, so that a looping command cannot grow it without end. */
export const MAX_RECORDED_DECISIONS = 1000

/** Most connections a sandbox may have open through the proxy at once; more are reset. */
export const MAX_CONNECTIONS = 256

const texts = loadTexts(import.meta.url, ['badTarget', 'notHttp'] as const)

/**
 * Serves the network of a sandbox over `carrier`, the host's end of the stream multiplexer whose
 * other end is the sandbox's bridge (see `network-bridge.ts`). Each stream is one connection of
 * the command to its HTTP proxy, which takes:
 *
 * - `CONNECT host:port`: a tunnel (HTTPS and anything else over TCP) to any port of the host;
 * - absolute-form requests (`GET http://host/path`), forwarded over a fresh connection.
 *
 * The host must be allowed by `rules` and every address it resolves to must pass the checks of
 * web.fetch (see {@link SandboxNetworkRules}); the connection is pinned to those checked addresses,
 * so DNS rebinding cannot redirect it. A refused host gets a 403 whose body is the reason in one
 * line; a name that does not resolve, or a host that cannot be reached, a 502. Other requests
 * (origin-form, `https://` URLs, upgrades) get a 400. At most {@link MAX_CONNECTIONS} connections
 * are open at once. When the carrier ends (the sandbox is gone) or `close()` is called, every
 * connection ends, upstream ones included.
 */
export function serveSandboxNetwork(
  carrier: Duplex,
  rules: SandboxNetworkRules,
  options: SandboxNetworkOptions = {},
): SandboxNetwork {
  const checkTarget = compileSandboxRules(rules, options.resolve ?? systemResolver)
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000
  const closing = new AbortController()
  const requests: ProxyDecision[] = []
  const upstreams = new Set<Duplex>()

  const check = async (host: string, port: number): Promise<TargetCheck> => {
    const result = await checkTarget(host, port, closing.signal)
    if (requests.length < MAX_RECORDED_DECISIONS)
      requests.push(
        result.allowed ? { host, port, allowed: true } : { host, port, allowed: false, reason: result.reason },
      )
    return result
  }
  const context = { check, upstreams, connectTimeoutMs, signal: closing.signal }

  const server = createServer()
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const target = request.url ?? ''
    if (!target.startsWith('http://')) return badRequest(response, target)
    void forwardHttp(request, response, context)
  })
  server.on('connect', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined)
    const target = parseAuthority(request.url ?? '')
    if (target === undefined) return refuseTunnel(socket, 400, fillText(texts.badTarget, { target: request.url ?? '' }))
    void openTunnel(socket, target.host, target.port, head, context)
  })
  server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined)
    refuseTunnel(socket, 400, fillText(texts.badTarget, { target: `${request.method ?? ''} ${request.url ?? ''}` }))
  })
  server.on('clientError', (_error: Error, socket: Duplex) => {
    socket.on('error', () => undefined)
    if (socket.writable) refuseTunnel(socket, 400, texts.notHttp)
    else socket.destroy()
  })

  const mux = createStreamMux(carrier, {
    role: 'server',
    // With the window of each, this bounds what the sandbox can make the host buffer (64 MiB).
    maxIncomingStreams: MAX_CONNECTIONS,
    onStream: (stream) => server.emit('connection', stream),
  })
  return {
    close() {
      closing.abort()
      mux.close()
      for (const upstream of upstreams) upstream.destroy()
      upstreams.clear()
    },
    get requests() {
      return requests
    },
  }
}

/** `host:port` of a CONNECT request, the port required. */
function parseAuthority(authority: string): { host: string; port: number } | undefined {
  if (!/:\d{1,5}$/.test(authority) || !URL.canParse(`http://${authority}`)) return undefined
  const url = new URL(`http://${authority}`)
  const port = Number(authority.slice(authority.lastIndexOf(':') + 1))
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || port < 1 || port > 65535) return undefined
  return { host: url.hostname, port }
}

function badRequest(response: ServerResponse, target: string): void {
  const body = `${fillText(texts.badTarget, { target: target.slice(0, 200) })}\n`
  response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  response.end(body)
}
