import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import type { ToolId } from '../core/tool-id.js'
import type { Protocol } from './protocols/protocol.js'
import { builtinAlias, cutToBytes, externalAliasBase, mcpAlias, reservedAliases } from './tool-alias.js'

/** Aliases for the tools of one snapshot, and notes on the ones that had to change. */
export interface AliasAllocation {
  readonly aliases: ReadonlyMap<ToolId, string>
  readonly diagnostics: readonly CatalogDiagnostic[]
}

/**
 * Gives every tool the name the model calls it by (DESIGN §4). Builtins keep their fixed alias.
 * External tools are served in the given order (the profile's `tools.allow` order): sanitized, made
 * legal for the protocol, cut to its byte limit, and suffixed `__2`, `__3`… on collision. The taken
 * set starts with `builtinAliases` (every builtin the profile allows) and the reserved names.
 */
export function allocateAliases(
  tools: readonly CatalogTool[],
  protocol: Protocol,
  builtinAliases: Iterable<string>,
): AliasAllocation {
  const taken = new Set<string>([...builtinAliases, ...reservedAliases])
  const aliases = new Map<ToolId, string>()
  const diagnostics: CatalogDiagnostic[] = []
  for (const tool of tools) {
    if (tool.source === 'builtin') {
      const alias = builtinAlias(tool.nativeName)
      aliases.set(tool.id, alias)
      taken.add(alias)
      continue
    }
    const base = protocol.fixName(
      tool.source === 'mcp'
        ? mcpAlias(tool.serverName ?? tool.nativeName, tool.nativeName)
        : externalAliasBase(tool.nativeName),
    )
    let alias = cutToBytes(base, protocol.maxNameBytes)
    for (let n = 2; taken.has(alias); n++) {
      const suffix = `__${n}`
      alias = cutToBytes(base, protocol.maxNameBytes - suffix.length) + suffix
    }
    if (alias !== base) {
      const why =
        Buffer.byteLength(base) > protocol.maxNameBytes ? `is longer than ${protocol.maxNameBytes} bytes` : 'is taken'
      diagnostics.push({
        toolId: tool.id,
        code: 'snapshot.alias_changed',
        message: `${tool.id} is offered as "${alias}": "${base}" ${why}`,
      })
    }
    taken.add(alias)
    aliases.set(tool.id, alias)
  }
  return { aliases, diagnostics }
}
