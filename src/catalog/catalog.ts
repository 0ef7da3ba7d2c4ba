import type { DescriptionContext, ToolAnnotations } from '../tool/define-tool.js'
import type { JsonSchema } from '../core/json-schema.js'
import type { ToolId, ToolSourceKind } from '../core/tool-id.js'
import type { CatalogDiagnostic, CatalogTool } from './catalog-tool.js'
import type { Scope } from '../core/scope.js'

/** Every tool known to the host, ordered by id, with diagnostics for tools that cannot be offered. */
export interface Catalog {
  readonly tools: readonly CatalogTool[]
  readonly diagnostics: readonly CatalogDiagnostic[]
  get(id: ToolId): CatalogTool | undefined
}

/** The tools and diagnostics one source (builtins, extensions, an MCP server…) contributes. */
export interface CatalogSource {
  readonly tools: readonly CatalogTool[]
  readonly diagnostics: readonly CatalogDiagnostic[]
}

/**
 * Merges sources into a catalog ordered by id.
 * @throws TypeError when two tools share an id
 */
export function buildCatalog(sources: readonly CatalogSource[]): Catalog {
  const byId = new Map<ToolId, CatalogTool>()
  for (const source of sources) {
    for (const tool of source.tools) {
      if (byId.has(tool.id)) throw new TypeError(`Two tools have the id ${tool.id}; tool ids must be unique.`)
      byId.set(tool.id, tool)
    }
  }
  const tools = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const diagnostics = sources.flatMap((source) => source.diagnostics)
  return { tools, diagnostics, get: (id) => byId.get(id) }
}

/** A catalog entry as the public API lists it. */
export interface CatalogEntry {
  readonly id: ToolId
  readonly description: string
  readonly inputSchema: JsonSchema
  readonly annotations: ToolAnnotations
  readonly source: ToolSourceKind
  readonly scopes: readonly Scope[]
}

/**
 * Lists a catalog for people and APIs. Descriptions are rendered as if every tool were offered,
 * naming builtins by their fixed alias.
 */
export function listCatalog(catalog: Catalog, scope: Scope, aliasOf: (tool: CatalogTool) => string): CatalogEntry[] {
  const ctx: DescriptionContext = {
    alias: (id) => {
      const tool = catalog.get(id)
      return tool === undefined ? id : aliasOf(tool)
    },
    has: (id) => catalog.get(id) !== undefined,
    scope,
    protocol: 'openai-responses',
  }
  return catalog.tools.map((tool) => ({
    id: tool.id,
    description: tool.describe(ctx),
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
    source: tool.source,
    scopes: tool.scopes,
  }))
}
