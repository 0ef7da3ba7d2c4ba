import type { MetaToolStyle } from '../../profile/profile-schema.js'
import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { callCapabilityTool, iasMetaAliases, queryCapabilitiesTool, type CapabilityQuery } from './ias-meta-tools.js'
import { toolsCallTool, toolsSearchTool, type DeferredSearch } from './meta-tools.js'

/** The definitions of the deferred-tool pair in one style, with their aliases: search first, then call. */
export interface MetaToolPair {
  readonly tools: readonly [search: AnyToolDefinition, call: AnyToolDefinition]
  readonly aliases: readonly [search: string, call: string]
}

/** What binds the pair to an invocation: the search or listing it runs, and the summary of what is deferred. */
export interface MetaToolBinding {
  readonly search?: DeferredSearch
  readonly query?: CapabilityQuery
  /** Appended to the `tools_search` description (the toolhost style only). */
  readonly summary?: string
}

/**
 * The pair a profile's `tools.metaTools` asks for: `tools_search` / `tools_call`, or the iAs
 * `query_capabilities` / `call_capability`. Both styles are the tools `builtin:tools.search` and
 * `builtin:tools.call`; only their aliases, descriptions and inputs differ.
 */
export function metaToolPair(style: MetaToolStyle, binding: MetaToolBinding = {}): MetaToolPair {
  if (style === 'ias')
    return {
      tools: [queryCapabilitiesTool(binding.query), callCapabilityTool],
      aliases: [iasMetaAliases.search, iasMetaAliases.call],
    }
  return {
    tools: [toolsSearchTool(binding.search, binding.summary), toolsCallTool],
    aliases: ['tools_search', 'tools_call'],
  }
}

/** The style of a snapshot's pair, read from the alias its search tool was given. */
export function metaToolStyleOf(searchAlias: string | undefined): MetaToolStyle {
  return searchAlias === iasMetaAliases.search ? 'ias' : 'toolhost'
}
