import { snapshotIndex } from '../snapshot/snapshot-index.js'
import { builtinCatalogTool } from '../catalog/builtin-tool.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { deferredBindings, type Snapshot } from '../snapshot/snapshot.js'
import type { ToolOutput } from '../tool/define-tool.js'
import type { ToolId } from '../core/tool-id.js'
import { DeferredIndex } from './deferred-index.js'
import {
  maxSearchResults,
  toolsCallId,
  toolsCallTool,
  toolsSearchId,
  toolsSearchTool,
  type ToolsSearchInput,
} from '../snapshot/deferral/meta-tools.js'
import { searchOutput } from './search-output.js'

/**
 * The deferred tools of one invocation: the search index over its snapshot's deferred bindings
 * (built on the first search, so invocations that never search pay nothing) and the meta tools
 * bound to it. Every match a search returns is reported to `onFound`, which records it in the gate.
 */
export class DeferredSession {
  readonly #snapshot: Snapshot
  readonly #onFound: (toolIds: readonly ToolId[]) => void
  readonly #tools: ReadonlyMap<ToolId, CatalogTool>
  #index: DeferredIndex | undefined

  constructor(snapshot: Snapshot, onFound: (toolIds: readonly ToolId[]) => void) {
    this.#snapshot = snapshot
    this.#onFound = onFound
    const offersMeta = snapshotIndex(snapshot).byToolId(toolsSearchId) !== undefined
    this.#tools = offersMeta
      ? new Map([
          [toolsSearchId, builtinCatalogTool(toolsSearchTool((input) => this.search(input)))],
          [toolsCallId, builtinCatalogTool(toolsCallTool)],
        ])
      : new Map()
  }

  /** The meta tool with this id, bound to this invocation, when its snapshot has it. */
  resolveTool(id: ToolId): CatalogTool | undefined {
    return this.#tools.get(id)
  }

  /** The index over the deferred tools (built on first use). */
  get index(): DeferredIndex {
    this.#index ??= new DeferredIndex(deferredBindings(this.#snapshot))
    return this.#index
  }

  /** Runs `tools.search`: the best matches with their schemas; they become callable by alias. */
  search({ query, limit }: ToolsSearchInput): ToolOutput {
    const matches = this.index.search(query, Math.min(limit ?? maxSearchResults, maxSearchResults))
    this.#onFound(matches.map((match) => match.binding.toolId))
    const callAlias = snapshotIndex(this.#snapshot).aliasOf(toolsCallId) ?? toolsCallId
    return searchOutput({ query, matches, total: this.index.size, callAlias })
  }
}
