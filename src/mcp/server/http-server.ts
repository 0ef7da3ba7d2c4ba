import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { bearerRefusal, newBearerToken } from './bearer-token.js'
import { BodyTooLargeError, readLimitedJson } from './limited-body.js'
import { closeHttp, listenHttp } from './listen-http.js'
import { isLoopback, refuseHeaders } from './loopback.js'
import { connectSession } from './protocol-version.js'
import { SessionTable } from './session-table.js'

/** Where and how the Streamable HTTP endpoint listens. */
export interface McpHttpOptions {
  /** Bind address; default `127.0.0.1`. Non-loopback addresses need {@link allowNonLoopback}. */
  readonly host?: string
  /** Port; `0` picks a free one (see the handle's `url`). */
  readonly port: number
  /** The endpoint path; default `/mcp`. */
  readonly path?: string
  /** Allows binding a non-loopback address. Anyone who can reach it can call the served tools. */
  readonly allowNonLoopback?: boolean
  /** Further accepted `Host` values (`name:port`), e.g. for a reverse proxy. */
  readonly allowedHosts?: readonly string[]
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`); a new random one
   * when absent (see the listener's `token`). `false` turns the check off, which is refused unless
   * the server binds a loopback address: any local process can then call the served tools.
   */
  readonly token?: string | false
  /** Largest request body; bigger ones are answered 413 before they are read. Default 4 MiB. */
  readonly maxBodyBytes?: number
  /** Live sessions at most; a further `initialize` is answered 503. Default 32. */
  readonly maxSessions?: number
  /** A session with no request for this long is closed. Default 30 minutes. */
  readonly sessionIdleMs?: number
}

/** A listening Streamable HTTP endpoint. */
export interface McpHttpListener {
  readonly url: string
  readonly port: number
  /** The bearer token clients must send, or `undefined` when the check is off. */
  readonly token: string | undefined
  close(): Promise<void>
}

/** Defaults of the HTTP endpoint's limits. */
export const mcpHttpDefaults = { maxBodyBytes: 4 * 1024 * 1024, maxSessions: 32, sessionIdleMs: 30 * 60_000 } as const

/**
 * Serves MCP over Streamable HTTP: one SDK server and transport per session (`Mcp-Session-Id`),
 * created by an `initialize` request. Every request is checked before routing: Host and Origin
 * (DNS rebinding), the bearer token, and the body size.
 */
export async function listenMcpHttp(options: McpHttpOptions, newSession: () => Server): Promise<McpHttpListener> {
  const bind = options.host ?? '127.0.0.1'
  if (!isLoopback(bind) && options.allowNonLoopback !== true)
    throw new Error(
      `Refusing to serve MCP on ${bind}, which is not a loopback address; pass allowNonLoopback: true to do it anyway.`,
    )
  if (options.token === false && !isLoopback(bind))
    throw new Error(
      `Refusing to serve MCP on ${bind} without a bearer token; the token may be turned off only on a loopback address.`,
    )
  if (options.token === '') throw new Error('The bearer token of the MCP endpoint must not be empty.')
  const token = options.token === false ? undefined : (options.token ?? newBearerToken())
  let allowed: string[] = []
  const endpoint = mcpHttpEndpoint({ ...options, token, allowedHosts: () => allowed }, newSession)
  const http = createServer((req, res) => void endpoint.handle(req, res))
  const listening = await listenHttp(http, bind, options.port)
  allowed = [...listening.hosts, ...(options.allowedHosts ?? []).map((h) => h.toLowerCase())]
  return {
    url: `${listening.origin}${options.path ?? '/mcp'}`,
    port: listening.port,
    token,
    async close() {
      await endpoint.close()
      await closeHttp(http)
    },
  }
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: status === 400 ? -32600 : -32000, message }, id: null }))
}

/** An MCP endpoint to mount on an HTTP server of one's own (the daemon's). */
export interface McpHttpEndpoint {
  /** Answers one request: Host and Origin, the bearer token, the path, the body size, then MCP. Never rejects. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** Closes every session. */
  close(): Promise<void>
}

/**
 * The Streamable HTTP endpoint without a listener: one SDK server and transport per session
 * (`Mcp-Session-Id`), created by an `initialize` request, each request checked before routing.
 * `token` undefined turns the bearer check off; `allowedHosts` gives the accepted `Host` values
 * (lower case), known once the listener has its port.
 */
export function mcpHttpEndpoint(
  options: Pick<McpHttpOptions, 'path' | 'maxBodyBytes' | 'maxSessions' | 'sessionIdleMs'> & {
    readonly token: string | undefined
    readonly allowedHosts: () => readonly string[]
  },
  newSession: () => Server,
): McpHttpEndpoint {
  const { token } = options
  const path = options.path ?? '/mcp'
  const maxBodyBytes = options.maxBodyBytes ?? mcpHttpDefaults.maxBodyBytes
  const sessions = new SessionTable({
    maxSessions: options.maxSessions ?? mcpHttpDefaults.maxSessions,
    idleMs: options.sessionIdleMs ?? mcpHttpDefaults.sessionIdleMs,
  })

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = refuseHeaders(req.headers.host, req.headers.origin, [...options.allowedHosts()])
    if (refusal !== undefined) return sendError(res, 403, refusal)
    const unauthorized = token === undefined ? undefined : bearerRefusal(req.headers.authorization, token)
    if (unauthorized !== undefined) return sendError(res, 401, unauthorized, { 'www-authenticate': 'Bearer' })
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path)
      return sendError(res, 404, `Not found; the MCP endpoint is ${path}`)
    const sessionId = req.headers['mcp-session-id']
    const body = req.method === 'POST' ? await readLimitedJson(req, maxBodyBytes) : undefined
    if (typeof sessionId === 'string') {
      const session = sessions.touch(sessionId)
      if (session === undefined) return sendError(res, 404, 'Unknown or closed session')
      return session.transport.handleRequest(req, res, body)
    }
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return sendError(res, 400, 'Bad request: no session id, and not an initialize request')
    if (!sessions.hasRoom)
      return sendError(
        res,
        503,
        'Too many live sessions; close one (DELETE with its Mcp-Session-Id) or try again later',
        { 'retry-after': '60' },
      )
    const server = newSession()
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id): void => sessions.add(id, server, transport),
      onsessionclosed: (id) => sessions.delete(id),
      // Defense in depth: the SDK checks the same hosts again.
      enableDnsRebindingProtection: true,
      allowedHosts: [...options.allowedHosts()],
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
    }
    await connectSession(server, transport)
    await transport.handleRequest(req, res, body)
  }

  return {
    handle: (req, res) =>
      handle(req, res).catch((error: unknown) => {
        if (res.headersSent) return void res.end()
        if (error instanceof BodyTooLargeError) {
          // Stop reading: the rest of the body is never taken in.
          sendError(res, 413, `${error.message}; send smaller requests`, { connection: 'close' })
          req.destroy()
          return
        }
        sendError(
          res,
          error instanceof SyntaxError ? 400 : 500,
          error instanceof SyntaxError ? 'Parse error' : 'Internal server error',
        )
      }),
    close: () => sessions.closeAll(),
  }
}
