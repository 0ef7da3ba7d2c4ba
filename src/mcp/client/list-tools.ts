import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpToolPermission, McpToolRecord, NewMcpTool } from '../../store/mcp-servers.js'
import { fingerprintOf } from './canonical-json.js'

// A server that keeps returning cursors is cut off here rather than listed forever.
const maxPages = 100

/**
 * Lists all tools of a server, following `nextCursor`, all pages within `timeoutMs` together.
 * @throws the SDK's error (timeout, protocol error, closed connection)
 */
export async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const signal = AbortSignal.timeout(timeoutMs)
  const tools: Tool[] = []
  let cursor: string | undefined
  for (let page = 0; page < maxPages; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs, signal })
    tools.push(...result.tools)
    cursor = result.nextCursor
    if (cursor === undefined) break
  }
  return tools
}

/** What of a listed tool is cached: everything the model or the gate sees, nothing else. */
function definitionOf(tool: Tool): Record<string, unknown> {
  return {
    ...(tool.title !== undefined && { title: tool.title }),
    ...(tool.description !== undefined && { description: tool.description }),
    inputSchema: tool.inputSchema,
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  }
}

/**
 * The permission a listed tool gets: new tools start off; an unchanged tool keeps its permission;
 * a changed one (description, schema or hints) loses Allow, since the user allowed what it was.
 */
function permissionAfterListing(previous: McpToolRecord | undefined, fingerprint: string): McpToolPermission {
  if (previous === undefined) return 'off'
  if (previous.fingerprint === fingerprint) return previous.permission
  return previous.permission === 'allow' ? 'off' : previous.permission
}

/** The new cache of a registration from a fresh listing and the previous cache. */
export function cacheFromListing(listed: readonly Tool[], previous: readonly McpToolRecord[]): NewMcpTool[] {
  const before = new Map(previous.map((t) => [t.name, t]))
  const seen = new Set<string>()
  const cache: NewMcpTool[] = []
  for (const tool of listed) {
    // A server listing one name twice: the first wins, as the model can call only one.
    if (seen.has(tool.name)) continue
    seen.add(tool.name)
    const definition = definitionOf(tool)
    const fingerprint = fingerprintOf(definition)
    cache.push({
      name: tool.name,
      definition,
      fingerprint,
      permission: permissionAfterListing(before.get(tool.name), fingerprint),
    })
  }
  return cache
}
