import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { isLoopback, loopbackHosts, refuseHeaders } from './loopback.js'

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
}

/** A listening Streamable HTTP endpoint. */
export interface McpHttpListener {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/**
 * Serves MCP over Streamable HTTP: one SDK server and transport per session (`Mcp-Session-Id`),
 * created by an `initialize` request. Host and Origin are checked on every request before routing.
 */
export async function listenMcpHttp(options: McpHttpOptions, newSession: () => Server): Promise<McpHttpListener> {
  const bind = options.host ?? '127.0.0.1'
  if (!isLoopback(bind) && options.allowNonLoopback !== true) throw new Error(`Refusing to serve MCP on ${bind}, which is not a loopback address; pass allowNonLoopback: true to do it anyway.`)
  const path = options.path ?? '/mcp'
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>()
  let allowed: string[] = []

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = refuseHeaders(req.headers.host, req.headers.origin, allowed)
    if (refusal !== undefined) return sendError(res, 403, refusal)
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return sendError(res, 404, `Not found; the MCP endpoint is ${path}`)
    const sessionId = req.headers['mcp-session-id']
    const body = req.method === 'POST' ? await readJson(req) : undefined
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId)
      if (session === undefined) return sendError(res, 404, 'Unknown or closed session')
      return session.transport.handleRequest(req, res, body)
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) return sendError(res, 400, 'Bad request: no session id, and not an initialize request')
    const server = newSession()
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { server, transport }),
      onsessionclosed: (id) => void sessions.delete(id),
      // Defense in depth: the SDK checks the same hosts again.
      enableDnsRebindingProtection: true,
      allowedHosts: allowed,
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, error instanceof SyntaxError ? 400 : 500, error instanceof SyntaxError ? 'Parse error' : 'Internal server error')
      else res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, bind, () => resolve())
  })
  const { port } = http.address() as AddressInfo
  allowed = [...(isLoopback(bind) ? loopbackHosts(port) : [`${bind}:${port}`]), ...(options.allowedHosts ?? [])].map((h) => h.toLowerCase())
  const urlHost = bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    async close() {
      await Promise.allSettled([...sessions.values()].map(({ server }) => server.close()))
      sessions.clear()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text.trim() === '' ? undefined : JSON.parse(text)
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: status === 400 ? -32600 : -32000, message }, id: null }))
}
