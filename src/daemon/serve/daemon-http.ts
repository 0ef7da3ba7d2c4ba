import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { bearerRefusal, newBearerToken } from '../../mcp/server/bearer-token.js'
import { mcpHttpEndpoint } from '../../mcp/server/http-server.js'
import { closeHttp, listenHttp } from '../../mcp/server/listen-http.js'
import { isLoopback, refuseHeaders } from '../../mcp/server/loopback.js'
import { createSessionServer, type McpSessionOptions } from '../../mcp/server/session-server.js'
import type { DaemonContext } from '../daemon-context.js'

/** Where and how the daemon listens. */
export interface DaemonHttpOptions {
  /** Bind address; default `127.0.0.1`. Others need {@link allowNonLoopback}. */
  readonly host?: string
  /** `0` picks a free port. */
  readonly port: number
  /** The bearer token of `/mcp` and `/metrics`; a new random one when absent. */
  readonly token?: string
  readonly allowNonLoopback?: boolean
  /** What `/mcp` serves: the profile and scope of its sessions. */
  readonly mcp?: McpSessionOptions
  /** More of the HTTP surface, from a higher layer (the web console and its API). */
  readonly mounts?: HttpMounts
}

/** What a mount may use of the listener: its token and the Host names it answers to. */
export interface HttpAccess {
  readonly token: string
  /** `host:port` names the server answers to (loopback names, or the bind address). */
  readonly allowedHosts: () => readonly string[]
}

/** A part of the daemon's HTTP surface that a higher layer serves. */
export interface HttpMount {
  /** True when this mount answers the path. */
  matches(path: string): boolean
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>
}

/** Makes the mounts once the daemon runs. */
export type HttpMounts = (ctx: DaemonContext, access: HttpAccess) => readonly HttpMount[]

/** The daemon's listening HTTP server. */
export interface DaemonHttpListener {
  /** `http://host:port`. */
  readonly url: string
  readonly port: number
  readonly token: string
  close(): Promise<void>
}

/**
 * The daemon's HTTP server: `GET /healthz` and `GET /readyz` for anyone (they tell nothing but
 * "up" and "ready"); `/mcp` (the MCP endpoint) and `GET /metrics` behind the bearer token and the
 * Host/Origin checks of the MCP HTTP server, since any local process could otherwise call tools
 * or read what the daemon does; `/channels/<name>/…` to the channel, which checks its own secret.
 */
export async function listenDaemonHttp(ctx: DaemonContext, options: DaemonHttpOptions): Promise<DaemonHttpListener> {
  const bind = options.host ?? '127.0.0.1'
  if (!isLoopback(bind) && options.allowNonLoopback !== true)
    throw new Error(
      `Refusing to listen on ${bind}, which is not a loopback address; pass --allow-non-loopback to do it anyway.`,
    )
  const token = options.token ?? newBearerToken()
  let allowed: string[] = []
  const mcp = mcpHttpEndpoint({ token, allowedHosts: () => allowed }, () =>
    createSessionServer(ctx.host, options.mcp ?? {}),
  )

  const mounts = options.mounts?.(ctx, { token, allowedHosts: () => allowed }) ?? []

  const guarded = (req: IncomingMessage, res: ServerResponse): boolean => {
    const refusal = refuseHeaders(req.headers.host, req.headers.origin, allowed)
    if (refusal !== undefined) return (send(res, 403, { error: refusal }), false)
    const unauthorized = bearerRefusal(req.headers.authorization, token)
    if (unauthorized !== undefined)
      return (send(res, 401, { error: unauthorized }, { 'www-authenticate': 'Bearer' }), false)
    return true
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path === '/healthz') return send(res, 200, { status: 'ok' })
    if (path === '/readyz') return ready(ctx, res)
    if (path === '/mcp') return mcp.handle(req, res)
    if (path === '/metrics') {
      if (!guarded(req, res)) return
      const { body, contentType } = await ctx.metrics.render()
      res.writeHead(200, { 'content-type': contentType })
      return void res.end(body)
    }
    const mount = mounts.find((candidate) => candidate.matches(path))
    if (mount !== undefined) return mount.handle(req, res, path)
    const channelRoute = /^\/channels\/([a-z0-9_-]+)(\/.*)?$/.exec(path)
    const channel = channelRoute === null ? undefined : ctx.channels.get(channelRoute[1] ?? '')
    if (channel?.handleHttp !== undefined && (await channel.handleHttp(req, res, channelRoute?.[2] ?? '/'))) return
    send(res, 404, { error: `Nothing at ${path}; see /healthz, /readyz, /metrics, /mcp and /channels/<name>/…` })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      ctx.log.error('an HTTP request failed', { error: error instanceof Error ? error.message : String(error) })
      if (res.headersSent) res.end()
      else send(res, 500, { error: 'Internal server error; the daemon log has the details' })
    })
  })
  const listening = await listenHttp(server, bind, options.port)
  allowed = [...listening.hosts]
  return {
    url: listening.origin,
    port: listening.port,
    token,
    async close() {
      await mcp.close()
      await closeHttp(server)
    },
  }
}

async function ready(ctx: DaemonContext, res: ServerResponse): Promise<void> {
  try {
    await ctx.queue.stats()
    ctx.store.database.prepare('SELECT 1').get()
    send(res, 200, { status: 'ready', queue: ctx.queue.backend })
  } catch (error) {
    send(res, 503, { status: 'not ready', error: error instanceof Error ? error.message : String(error) })
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
