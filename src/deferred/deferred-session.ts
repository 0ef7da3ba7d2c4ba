import { snapshotIndex } from '../snapshot/snapshot-index.js'
import { builtinCatalogTool } from '../catalog/builtin-tool.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { deferredBindings, type Snapshot } from '../snapshot/snapshot.js'
import type { SnapshotBinding } from '../snapshot/snapshot-binding.js'
import type { ToolOutput } from '../tool/define-tool.js'
import type { ToolId } from '../core/tool-id.js'
import { DeferredIndex } from './deferred-index.js'
import {
  maxSearchResults,
  metaToolIds,
  toolsCallId,
  toolsSearchId,
  type ToolsSearchInput,
} from '../snapshot/deferral/meta-tools.js'
import type { QueryCapabilitiesInput } from '../snapshot/deferral/ias-meta-tools.js'
import { metaToolPair, metaToolStyleOf } from '../snapshot/deferral/meta-tool-pair.js'
import type { MetaToolStyle } from '../profile/profile-schema.js'
import { searchOutput } from './search-output.js'
import { capabilitiesOutput } from './capabilities-output.js'

/**
 * The deferred tools of one invocation: the search index over its snapshot's deferred bindings
 * (built on the first search, so invocations that never search pay nothing) and the meta tools
 * bound to it. Every match a search returns is reported to `onFound`, which records it in the gate.
 *
 * The pair's style is the snapshot's (see `metaToolPair`): in the iAs style `query_capabilities`
 * lists and searches every tool of the snapshot, deferred or not.
 */
export class DeferredSession {
  readonly #snapshot: Snapshot
  readonly #onFound: (toolIds: readonly ToolId[]) => void
  readonly #tools: ReadonlyMap<ToolId, CatalogTool>
  readonly #style: MetaToolStyle
  #index: DeferredIndex | undefined

  constructor(snapshot: Snapshot, onFound: (toolIds: readonly ToolId[]) => void) {
    this.#snapshot = snapshot
    this.#onFound = onFound
    const index = snapshotIndex(snapshot)
    const searchAlias = index.aliasOf(toolsSearchId)
    this.#style = metaToolStyleOf(searchAlias)
    const pair = metaToolPair(this.#style, {
      search: (input) => this.search(input),
      query: (input) => this.queryCapabilities(input),
    })
    const [search, call] = pair.tools.map(builtinCatalogTool)
    this.#tools =
      searchAlias !== undefined && search !== undefined && call !== undefined
        ? new Map([
            [toolsSearchId, search],
            [toolsCallId, call],
          ])
        : new Map()
  }

  /** The meta tool with this id, bound to this invocation, when its snapshot has it. */
  resolveTool(id: ToolId): CatalogTool | undefined {
    return this.#tools.get(id)
  }

  /** The index over the tools the pair finds: the deferred ones, or in the iAs style all but the pair (built on first use). */
  get index(): DeferredIndex {
    this.#index ??= new DeferredIndex(this.#searchable())
    return this.#index
  }

  /** Runs `tools.search`: the best matches with their schemas; they become callable by alias. */
  search({ query, limit }: ToolsSearchInput): ToolOutput {
    const matches = this.index.search(query, Math.min(limit ?? maxSearchResults, maxSearchResults))
    this.#onFound(matches.map((match) => match.binding.toolId))
    return searchOutput({ query, matches, total: this.index.size, callAlias: this.#aliasOf(toolsCallId) })
  }

  /**
   * Runs `query_capabilities`: every tool in snapshot order, or with a query only those that fit it,
   * best first. The deferred ones listed become callable by alias.
   */
  queryCapabilities({ query }: QueryCapabilitiesInput): ToolOutput {
    const wanted = query === undefined || query.trim() === '' ? undefined : query
    const listed =
      wanted === undefined
        ? this.#searchable()
        : this.index.search(wanted, this.index.size).map((match) => match.binding)
    this.#onFound(listed.filter((binding) => binding.deferred === true).map((binding) => binding.toolId))
    return capabilitiesOutput({
      query: wanted,
      listed,
      total: this.index.size,
      searchAlias: this.#aliasOf(toolsSearchId),
      callAlias: this.#aliasOf(toolsCallId),
    })
  }

  #searchable(): SnapshotBinding[] {
    if (this.#style === 'toolhost') return deferredBindings(this.#snapshot)
    return this.#snapshot.bindings.filter((binding) => !metaToolIds.includes(binding.toolId))
  }

  #aliasOf(id: ToolId): string {
    return snapshotIndex(this.#snapshot).aliasOf(id) ?? id
  }
}
