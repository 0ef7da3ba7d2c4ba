import type { SnapshotBinding } from './snapshot-binding.js'
import type { RunFeature } from '../tool/run-services.js'
import { randomUUID } from 'node:crypto'
import { builtinCatalogTool } from '../catalog/builtin-tool.js'
import type { Catalog } from '../catalog/catalog.js'
import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import type { Scope } from '../core/scope.js'
import { decideDeferral, defaultContextTokens } from './deferral/decide-deferral.js'
import { deferredSummary } from './deferral/deferred-summary.js'
import { metaToolPair } from './deferral/meta-tool-pair.js'
import { toolsSearchId } from './deferral/meta-tools.js'
import type { DescriptionContext } from '../tool/define-tool.js'
import { counted, formatCount } from '../text/quantities.js'
import { allocateAliases } from './allocate-aliases.js'
import { bindTool } from './bind-tool.js'
import type { ProtocolName } from '../core/protocol-name.js'
import type { Protocol } from './protocols/protocol.js'
import { selectTools } from './select-tools.js'
import { builtinAlias } from './tool-alias.js'

/**
 * The frozen, per-invocation list of bindings. The alias ↔ id mapping lives only here; a resumed
 * invocation keeps its snapshot.
 *
 * `bindings` holds every tool the invocation can call, deferred ones included (marked
 * `deferred: true`); the tools to send to the model are {@link offeredBindings}.
 */
export interface Snapshot {
  readonly id: string
  readonly protocol: ProtocolName
  readonly scope: Scope
  readonly profileId: string
  readonly bindings: readonly SnapshotBinding[]
  readonly diagnostics: readonly CatalogDiagnostic[]
}

/** What a snapshot is built from. */
export interface SnapshotRequest {
  readonly catalog: Catalog
  readonly profile: Profile
  readonly scope: Scope
  readonly protocol: Protocol
  /** Whether the model reads images; tools that return images are left out otherwise. */
  readonly acceptsImages: boolean
  /** The model's context window in tokens, for `tools.deferred: 'auto'`; default 128,000. */
  readonly contextTokens?: number
  /** Run features the invocation has; tools that require others are left out. */
  readonly features?: readonly RunFeature[]
}

/** The bindings to send to the model as its tool list: every binding that is not deferred. */
export function offeredBindings(snapshot: Pick<Snapshot, 'bindings'>): SnapshotBinding[] {
  return snapshot.bindings.filter((binding) => binding.deferred !== true)
}

/** The deferred bindings of a snapshot, in snapshot order. */
export function deferredBindings(snapshot: Pick<Snapshot, 'bindings'>): SnapshotBinding[] {
  return snapshot.bindings.filter((binding) => binding.deferred === true)
}

/**
 * Freezes the catalog into a snapshot for one invocation: selection by profile and scope, aliases,
 * descriptions (with overrides) and schemas compiled for the protocol, then deferral: deferred
 * tools keep their alias and schema but are marked, and `tools_search` and `tools_call` join (or,
 * with `tools.metaTools: 'ias'`, `query_capabilities` and `call_capability`, whether or not
 * anything is deferred).
 */
export function buildSnapshot(request: SnapshotRequest): Snapshot {
  const { catalog, profile, scope, protocol, acceptsImages } = request
  const selection = selectTools(catalog, profile, scope, acceptsImages, request.features)
  const metaStyle = profile.tools.metaTools
  // The iAs pair's aliases are taken like builtin ones: no external tool may be offered under them.
  const taken =
    metaStyle === 'ias' ? [...selection.builtinAliases, ...metaToolPair('ias').aliases] : selection.builtinAliases
  const allocation = allocateAliases(selection.tools, protocol, taken)
  const diagnostics: CatalogDiagnostic[] = [...selection.diagnostics, ...allocation.diagnostics]
  const aliases = new Map(allocation.aliases)
  const ctx: DescriptionContext = {
    alias: (id) => aliases.get(id) ?? id,
    has: (id) => aliases.has(id),
    scope,
    protocol: protocol.name,
  }
  const bound: { binding: SnapshotBinding; tool: CatalogTool }[] = []
  for (const tool of selection.tools) {
    const binding = bindTool(tool, aliases.get(tool.id), { profile, protocol, ctx }, diagnostics)
    if (binding !== undefined) bound.push({ binding, tool })
  }
  const contextTokens = request.contextTokens ?? defaultContextTokens
  const candidates = bound.map(({ binding, tool }) => ({ ...binding, source: tool.source }))
  const deferral = decideDeferral(candidates, profile.tools, contextTokens)
  const bindings: SnapshotBinding[] = bound.map(({ binding }) =>
    deferral.deferred.has(binding.toolId) ? { ...binding, deferred: true } : binding,
  )
  // The iAs pair lists every tool, so it is offered whether or not anything is deferred.
  if (deferral.deferred.size > 0 || metaStyle === 'ias') {
    const summary = deferredSummary(
      bound.filter(({ binding }) => deferral.deferred.has(binding.toolId)).map(({ tool }) => tool),
    )
    const pair = metaToolPair(metaStyle, { summary })
    const meta = pair.tools.map(builtinCatalogTool)
    meta.forEach((tool, i) => aliases.set(tool.id, pair.aliases[i] ?? builtinAlias(tool.nativeName)))
    for (const tool of meta) {
      const binding = bindTool(tool, aliases.get(tool.id), { profile, protocol, ctx }, diagnostics)
      if (binding !== undefined) bindings.push(binding)
    }
    if (deferral.budgetTokens !== undefined && deferral.estimatedTokens !== undefined) {
      const share = `${formatCount(deferral.budgetTokens)} (${+(profile.tools.deferThreshold * 100).toFixed(1)} % of ${formatCount(contextTokens)})`
      const message = `${counted(deferral.deferred.size, 'tool')} deferred behind ${aliases.get(toolsSearchId) ?? toolsSearchId}: the definitions take about ${formatCount(deferral.estimatedTokens)} tokens, over ${share}`
      diagnostics.push({ toolId: toolsSearchId, code: 'snapshot.tools_deferred', message })
    }
  }
  return deepFreeze({
    id: `snap_${randomUUID()}`,
    protocol: protocol.name,
    scope,
    profileId: profile.id,
    bindings,
    diagnostics,
  })
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
