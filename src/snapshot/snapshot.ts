import { randomUUID } from 'node:crypto'
import type { Catalog } from '../catalog/catalog.js'
import type { CatalogDiagnostic } from '../catalog/catalog-tool.js'
import type { Profile } from '../catalog/profile-schema.js'
import type { Scope } from '../catalog/scope.js'
import { matchesToolPattern } from '../catalog/tool-pattern.js'
import type { DescriptionContext, ToolAnnotations } from '../tool/define-tool.js'
import type { ToolId } from '../tool/tool-id.js'
import { allocateAliases } from './allocate-aliases.js'
import type { ProtocolName } from './protocols/protocol-name.js'
import type { JsonSchema, Protocol, SchemaDrop } from './protocols/protocol.js'
import { selectTools } from './select-tools.js'

/** One tool as offered to the model in a snapshot. */
export interface SnapshotBinding {
  readonly toolId: ToolId
  /** The name the model calls the tool by. */
  readonly alias: string
  readonly description: string
  /** The input schema compiled for the snapshot's protocol. */
  readonly inputSchema: JsonSchema
  /** True when the schema is in OpenAI strict mode. */
  readonly strict: boolean
  /** What the protocol's schema compiler dropped or rewrote. */
  readonly dropped: readonly SchemaDrop[]
  readonly annotations: ToolAnnotations
  /** Completion tools must be the last call of their turn. */
  readonly completion: boolean
  /** Calls allowed per run by `tools.maxCallsPerTool`; `undefined` when unlimited. */
  readonly maxCalls?: number
}

/**
 * The frozen, per-invocation list of bindings. The alias ↔ id mapping lives only here; a resumed
 * invocation keeps its snapshot.
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
}

/**
 * Freezes the catalog into a snapshot for one invocation: selection by profile and scope, aliases,
 * descriptions (with overrides) and schemas compiled for the protocol.
 */
export function buildSnapshot({ catalog, profile, scope, protocol, acceptsImages }: SnapshotRequest): Snapshot {
  const selection = selectTools(catalog, profile, scope, acceptsImages)
  const allocation = allocateAliases(selection.tools, protocol, selection.builtinAliases)
  const diagnostics: CatalogDiagnostic[] = [...selection.diagnostics, ...allocation.diagnostics]
  const aliasOf = (id: ToolId) => allocation.aliases.get(id)
  const ctx: DescriptionContext = { alias: (id) => aliasOf(id) ?? id, has: (id) => aliasOf(id) !== undefined, scope, protocol: protocol.name }
  const strict = profile.tools.strictSchemas && protocol.supportsStrict
  const bindings: SnapshotBinding[] = []
  for (const tool of selection.tools) {
    const alias = aliasOf(tool.id)
    if (alias === undefined || !protocol.isValidName(alias)) {
      diagnostics.push({ toolId: tool.id, code: 'snapshot.invalid_alias', message: `${tool.id} has no name ${protocol.name} accepts` })
      continue
    }
    const compiled = protocol.compileSchema(tool.inputSchema, { strict })
    if (compiled.dropped.length > 0) {
      const what = compiled.dropped.map((d) => `${d.path || '/'} ${d.keyword}`).join(', ')
      diagnostics.push({ toolId: tool.id, code: 'snapshot.schema_changed', message: `${protocol.name} schema of ${tool.id} dropped or rewrote: ${what}` })
    }
    const budgetKey = Object.keys(profile.tools.maxCallsPerTool).find((key) => matchesToolPattern(key, tool.id))
    bindings.push({
      toolId: tool.id,
      alias,
      description: profile.tools.descriptions[tool.id] ?? tool.describe(ctx),
      // A copy: freezing must not reach schemas the catalog shares with their owners.
      inputSchema: structuredClone(compiled.schema),
      strict: compiled.strict,
      dropped: compiled.dropped,
      annotations: tool.annotations,
      completion: tool.completion,
      ...(budgetKey !== undefined && { maxCalls: profile.tools.maxCallsPerTool[budgetKey] }),
    })
  }
  return deepFreeze({ id: `snap_${randomUUID()}`, protocol: protocol.name, scope, profileId: profile.id, bindings, diagnostics })
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
