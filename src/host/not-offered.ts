import type { Catalog } from '../catalog/catalog.js'
import type { Profile } from '../profile/profile-schema.js'
import { firstMatchingPattern } from '../core/tool-pattern.js'
import { mcpToolId } from '../mcp/client/mcp-catalog-tool.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { McpRegistrationRecord, McpToolRecord } from '../store/mcp-servers.js'
import type { ToolId, ToolSourceKind } from '../core/tool-id.js'

/** A discovered tool a snapshot leaves out, and why. */
export interface NotOfferedTool {
  readonly toolId: ToolId
  readonly source: Exclude<ToolSourceKind, 'builtin'>
  /**
   * `off`: an MCP tool set to Off (`toolhost mcp ask|allow` offers it); `not-allowed`: no pattern of
   * the profile's `tools.allow` names it; `denied`: `tools.deny` names it.
   */
  readonly reason: 'off' | 'not-allowed' | 'denied'
  /** The MCP server's name, as given to `mcp add`. */
  readonly server?: string
}

/**
 * The MCP, process and extension tools a snapshot does not offer because of the profile's tool
 * lists or an MCP tool's Off, so that people see how to offer them. Builtins are left out (the
 * profile chose them), as are tools left out for their scope or run features.
 */
export function notOfferedTools(
  catalog: Catalog,
  snapshot: Snapshot,
  profile: Profile,
  servers: readonly (McpRegistrationRecord & { readonly tools: readonly McpToolRecord[] })[],
): NotOfferedTool[] {
  const offered = new Set(snapshot.bindings.map((binding) => binding.toolId))
  const out: NotOfferedTool[] = []
  for (const tool of catalog.tools) {
    if (tool.source === 'builtin' || offered.has(tool.id)) continue
    const denied = firstMatchingPattern(profile.tools.deny, tool.id) >= 0
    const allowed = firstMatchingPattern(profile.tools.allow, tool.id) >= 0
    if (!denied && allowed) continue
    out.push({
      toolId: tool.id,
      source: tool.source,
      reason: denied ? 'denied' : 'not-allowed',
      ...(tool.serverName !== undefined && { server: tool.serverName }),
    })
  }
  for (const server of servers) {
    for (const tool of server.tools) {
      if (tool.permission === 'off')
        out.push({ toolId: mcpToolId(server.id, tool.name), source: 'mcp', reason: 'off', server: server.name })
    }
  }
  return out
}
