import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { ResourceClaim } from '../tool/define-tool.js'

/**
 * The resources a call claims (DESIGN §8): what the tool declares; otherwise nothing for calls that
 * are concurrency-safe or read-only, and the whole host exclusively for the rest.
 */
export function claimsFor(tool: CatalogTool, input: Record<string, unknown>): readonly ResourceClaim[] {
  if (tool.resources !== undefined) return tool.resources(input)
  if (tool.isConcurrencySafe !== undefined) return tool.isConcurrencySafe(input) ? [] : [{ kind: 'exclusive' }]
  return tool.annotations.readOnly === true ? [] : [{ kind: 'exclusive' }]
}
