import { ConnectionPool } from '../../mcp/client/connection-pool.js'
import { listAllTools } from '../../mcp/client/list-tools.js'
import type { McpClientManager } from '../../mcp/client/mcp-client-manager.js'
import type { McpRegistrationRecord } from '../../store/mcp-servers.js'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'

/** How long one MCP server may take to connect, and then to list its tools. */
export const mcpCheckTimeoutMs = 5000

/**
 * Each registered MCP server: whether it can be reached and lists its tools now, and how that
 * compares with what was discovered. The listing is only read: the tool cache and the tools'
 * permissions stay as they are (`toolhost mcp discover` updates them).
 * @example await mcpChecks(host.mcp()) // [{ name: 'mcp Everything', status: 'ok', detail: 'reachable; 12 tools …' }]
 */
export async function mcpChecks(mcp: McpClientManager, timeoutMs = mcpCheckTimeoutMs): Promise<HealthCheck[]> {
  const servers = mcp.registrations()
  if (servers.length === 0)
    return [{ name: 'mcp servers', status: 'ok', detail: 'none registered ("toolhost mcp add" registers one)' }]
  const pool = new ConnectionPool({
    connectTimeoutMs: timeoutMs,
    maxMessageBytes: 16 * 1024 * 1024,
    killGraceMs: 1000,
    onToolsChanged: () => undefined,
    runtime: () => ({}),
  })
  try {
    return await Promise.all(servers.map((server) => serverCheck(pool, mcp, server, timeoutMs)))
  } finally {
    await pool.closeAll()
  }
}

async function serverCheck(
  pool: ConnectionPool,
  mcp: McpClientManager,
  server: McpRegistrationRecord,
  timeoutMs: number,
): Promise<HealthCheck> {
  const name = `mcp ${server.name}`
  const where = describeTransport(server)
  let listed: string[]
  try {
    const connection = await pool.get(server.id, server.transport)
    listed = (await listAllTools(connection.client, timeoutMs)).map((tool) => tool.name)
  } catch (error) {
    return {
      name,
      status: 'fail',
      detail: `cannot reach ${where}: ${error instanceof Error ? error.message : String(error)}; start the server, or remove it with: toolhost mcp remove ${server.name}`,
    }
  }
  const cached = mcp.tools(server.id)
  const offered = cached.filter((tool) => tool.permission !== 'off').length
  const summary = `reachable (${where}); lists ${listed.length} tools; ${cached.length} discovered, ${offered} offered (ask or allow)`
  if (cached.length === 0 && listed.length > 0)
    return { name, status: 'warn', detail: `${summary}; discover them with: toolhost mcp discover ${server.name}` }
  const known = new Set(cached.map((tool) => tool.name))
  const added = listed.filter((tool) => !known.has(tool))
  const gone = cached.filter((tool) => !listed.includes(tool.name)).map((tool) => tool.name)
  if (added.length > 0 || gone.length > 0)
    return {
      name,
      status: 'warn',
      detail: `${summary}; the list changed since discovery (${[...added.map((t) => `new ${t}`), ...gone.map((t) => `gone ${t}`)].join(', ')}); update it with: toolhost mcp discover ${server.name}`,
    }
  return { name, status: 'ok', detail: summary }
}

/** Where a server is, without what may be secret (headers, environment, a URL's query or password). */
function describeTransport(server: McpRegistrationRecord): string {
  const { transport } = server
  if (transport.kind === 'stdio') return `stdio: ${transport.command}`
  try {
    const url = new URL(transport.url)
    return `${url.protocol}//${url.host}${url.pathname}`
  } catch {
    return 'http'
  }
}
