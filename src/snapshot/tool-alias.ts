/**
 * Alias rules (DESIGN §4): the fixed alias of a builtin, the sanitized base of an external alias,
 * the MCP `mcp__<server>__<tool>` form, and cutting to a byte limit.
 */

/** Aliases no external tool may take: completion and meta tools the runtime may add itself. */
export const reservedAliases: readonly string[] = ['task_return', 'tools_search', 'tools_call']

/**
 * The fixed alias of a builtin: its native name with `.` → `_`.
 * @example builtinAlias('workspace.read_file') // 'workspace_read_file'
 */
export function builtinAlias(nativeName: string): string {
  return nativeName.replace(/\./g, '_')
}

/** An external tool's alias before cutting and collisions: characters outside `[A-Za-z0-9_-]` → `_`. */
export function externalAliasBase(nativeName: string): string {
  const base = Array.from(nativeName, (ch) => (/[A-Za-z0-9_-]/.test(ch) ? ch : '_')).join('')
  return base === '' ? 'tool' : base
}

/** Room for server plus tool in `mcp__<server>__<tool>` within 64 bytes. */
const mcpRoom = 64 - 'mcp__'.length - '__'.length
const mcpServerCut = 20

/** One segment of an MCP alias: non-`[A-Za-z0-9-]` → `_`, runs of `_` collapsed, `_` trimmed. */
export function mcpSegment(text: string, fallback: 'server' | 'tool'): string {
  const segment = Array.from(text, (ch) => (/[A-Za-z0-9-]/.test(ch) ? ch : '_'))
    .join('')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
  return segment === '' ? fallback : segment
}

/**
 * The alias of an MCP tool: `mcp__<server>__<tool>`. When server and tool exceed 57 bytes together,
 * the server is cut to at most 20 bytes, the tool gets the rest, and room the tool leaves unused
 * returns to the server.
 * @example mcpAlias('GitHub Enterprise', 'search.issues') // 'mcp__GitHub_Enterprise__search_issues'
 */
export function mcpAlias(serverName: string, toolName: string): string {
  let server = mcpSegment(serverName, 'server')
  let tool = mcpSegment(toolName, 'tool')
  if (server.length + tool.length > mcpRoom) {
    tool = tool.slice(0, mcpRoom - Math.min(server.length, mcpServerCut))
    server = server.slice(0, mcpRoom - tool.length)
  }
  return `mcp__${server}__${tool}`
}

/** Cuts an ASCII-or-not string to at most `maxBytes` UTF-8 bytes without splitting a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0
  let out = ''
  for (const ch of text) {
    const size = Buffer.byteLength(ch)
    if (bytes + size > maxBytes) break
    bytes += size
    out += ch
  }
  return out
}
