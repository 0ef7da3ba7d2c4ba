import type { Catalog } from '../catalog/catalog.js'
import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import type { Scope } from '../core/scope.js'
import { firstMatchingPattern } from '../core/tool-pattern.js'
import { builtinAlias } from './tool-alias.js'
import type { RunFeature } from '../tool/run-services.js'

/** The tools a profile offers in a scope, in `tools.allow` order, and why allowed tools were left out. */
export interface ToolSelection {
  readonly tools: readonly CatalogTool[]
  /** Aliases of every builtin the profile allows, in any scope: external aliases never take them. */
  readonly builtinAliases: readonly string[]
  readonly diagnostics: readonly CatalogDiagnostic[]
}

/**
 * Selects tools from a catalog by profile (`allow` order, `deny` wins) and scope. Tools sort by the
 * first allow pattern they match, then by id.
 */
export function selectTools(
  catalog: Catalog,
  profile: Profile,
  scope: Scope,
  acceptsImages: boolean,
  features: readonly RunFeature[] = [],
): ToolSelection {
  const { allow, deny } = profile.tools
  const ranked: { tool: CatalogTool; rank: number }[] = []
  const builtinAliases: string[] = []
  const diagnostics: CatalogDiagnostic[] = []
  for (const tool of catalog.tools) {
    const rank = firstMatchingPattern(allow, tool.id)
    if (rank < 0 || firstMatchingPattern(deny, tool.id) >= 0) continue
    if (tool.source === 'builtin') builtinAliases.push(builtinAlias(tool.nativeName))
    // Run tools (commit, delegation, task return…) exist only where the agent loop provides their services.
    if (tool.requires?.some((feature) => !features.includes(feature)) === true) continue
    const unavailable = tool.unavailableWith?.(profile)
    if (unavailable !== undefined) {
      // Said only when the profile names the tool itself: `builtin:*` covers unconfigured tools by design.
      if (allow[rank] === tool.id)
        diagnostics.push({ toolId: tool.id, code: 'snapshot.tool_unconfigured', message: `${tool.id}: ${unavailable}` })
      continue
    }
    if (!tool.scopes.includes(scope)) {
      // Only worth saying when the profile names the tool itself; globs cover other scopes' tools by design.
      if (allow[rank] === tool.id)
        diagnostics.push({
          toolId: tool.id,
          code: 'snapshot.scope_mismatch',
          message: `${tool.id} serves ${tool.scopes.join(', ')}, not ${scope}`,
        })
      continue
    }
    if (tool.returnsImages && !acceptsImages) {
      diagnostics.push({
        toolId: tool.id,
        code: 'extension.tool_needs_image_input',
        message: `${tool.id} returns images, and this model does not read them`,
      })
      continue
    }
    ranked.push({ tool, rank })
  }
  ranked.sort((a, b) => a.rank - b.rank || (a.tool.id < b.tool.id ? -1 : a.tool.id > b.tool.id ? 1 : 0))
  const allowedIds = new Set(ranked.map(({ tool }) => tool.id))
  for (const diagnostic of catalog.diagnostics) {
    if (firstMatchingPattern(allow, diagnostic.toolId) >= 0 && !allowedIds.has(diagnostic.toolId))
      diagnostics.push(diagnostic)
  }
  return { tools: ranked.map(({ tool }) => tool), builtinAliases, diagnostics }
}
