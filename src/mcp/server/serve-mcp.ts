import type { ToolHost } from '../../host/create-tool-host.js'
import type { McpHttpOptions } from './http-server.js'
import type { McpSessionOptions } from './session-server.js'

/** Options of {@link serveMcp}: the served snapshot, and the transport. */
export type ServeMcpOptions = McpSessionOptions &
  ({ readonly transport: 'stdio' } | ({ readonly transport: 'http' } & McpHttpOptions))

/** A running MCP server. */
export interface McpServerHandle {
  /** The endpoint URL, for the HTTP transport. */
  readonly url?: string
  /** The bearer token HTTP clients must send (`Authorization: Bearer <token>`), unless turned off. */
  readonly token?: string
  /** Stops serving: closes every session (and the HTTP listener). The host stays open. */
  close(): Promise<void>
}

/**
 * Serves a toolhost profile's snapshot as an MCP server, over stdio or Streamable HTTP. Each MCP
 * session gets its own invocation, so every `tools/call` passes the same gate, permissions,
 * approvals (MCP elicitation when the client supports it, else denied) and store as any model call.
 * Recoverable errors come back as `isError` results; a tool's runtime failure answers the request
 * with a JSON-RPC error.
 *
 * @example
 * const host = await createToolHost()
 * const server = await serveMcp(host, { transport: 'http', host: '127.0.0.1', port: 3333 })
 * // clients send `Authorization: Bearer ${server.token}`; … later
 * await closeMcpServer(server)
 */
export async function serveMcp(host: ToolHost, options: ServeMcpOptions): Promise<McpServerHandle> {
  // The SDK's server and the chosen transport load here, not with the package: a stdio server
  // never loads the HTTP stack, and importing `toolhost/mcp` for its client loads neither.
  const { createSessionServer } = await import('./session-server.js')
  const newSession = () => createSessionServer(host, options)
  if (options.transport === 'stdio') {
    const [{ StdioServerTransport }, { connectSession }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('./protocol-version.js'),
    ])
    const server = newSession()
    await connectSession(server, new StdioServerTransport())
    return { close: () => server.close() }
  }
  const { listenMcpHttp } = await import('./http-server.js')
  const listener = await listenMcpHttp(options, newSession)
  return {
    url: listener.url,
    ...(listener.token !== undefined && { token: listener.token }),
    close: () => listener.close(),
  }
}

/** Closes a server started by {@link serveMcp}. */
export function closeMcpServer(handle: McpServerHandle): Promise<void> {
  return handle.close()
}
