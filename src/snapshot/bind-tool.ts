import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import { matchesToolPattern } from '../core/tool-pattern.js'
import type { DescriptionContext } from '../tool/define-tool.js'
import type { Protocol } from './protocols/protocol.js'
import type { SnapshotBinding } from './snapshot-binding.js'

/**
 * One tool bound into a snapshot under `alias`: description rendered (or overridden by the
 * profile), schema compiled for the protocol, per-tool budget looked up (the lower of the
 * profile's and the tool's own). Returns `undefined`, with a diagnostic, when the protocol does not
 * accept the alias.
 */
export function bindTool(
  tool: CatalogTool,
  alias: string | undefined,
  request: { readonly profile: Profile; readonly protocol: Protocol; readonly ctx: DescriptionContext },
  diagnostics: CatalogDiagnostic[],
): SnapshotBinding | undefined {
  const { profile, protocol, ctx } = request
  if (alias === undefined || !protocol.isValidName(alias)) {
    diagnostics.push({
      toolId: tool.id,
      code: 'snapshot.invalid_alias',
      message: `${tool.id} has no name ${protocol.name} accepts`,
    })
    return undefined
  }
  const compiled = protocol.compileSchema(tool.inputSchema, {
    strict: profile.tools.strictSchemas && protocol.supportsStrict,
  })
  if (compiled.dropped.length > 0) {
    const what = compiled.dropped.map((d) => `${d.path || '/'} ${d.keyword}`).join(', ')
    diagnostics.push({
      toolId: tool.id,
      code: 'snapshot.schema_changed',
      message: `${protocol.name} schema of ${tool.id} dropped or rewrote: ${what}`,
    })
  }
  const budgetKey = Object.keys(profile.tools.maxCallsPerTool).find((key) => matchesToolPattern(key, tool.id))
  const limits = [
    budgetKey === undefined ? undefined : profile.tools.maxCallsPerTool[budgetKey],
    tool.maxCallsWith?.(profile),
  ].filter((limit) => limit !== undefined)
  return {
    toolId: tool.id,
    alias,
    description: profile.tools.descriptions[tool.id] ?? tool.describe(ctx),
    // A copy: freezing must not reach schemas the catalog shares with their owners.
    inputSchema: structuredClone(compiled.schema),
    strict: compiled.strict,
    dropped: compiled.dropped,
    annotations: tool.annotations,
    completion: tool.completion,
    ...(limits.length > 0 && { maxCalls: Math.min(...limits) }),
  }
}
