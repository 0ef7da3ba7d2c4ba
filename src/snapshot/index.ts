/**
 * `toolhost/snapshot`: what one invocation offers a model, frozen. A snapshot binds every tool the
 * invocation may call to an alias and a schema compiled for the model's wire protocol, marks the
 * deferred ones (reached through `tools_search` and `tools_call`), and lists what compiling
 * dropped. `inv.snapshot` and `host.snapshot()` return one; the protocols compile schemas alone.
 *
 * @example
 * import { createToolHost } from 'toolhost'
 * import { offeredBindings } from 'toolhost/snapshot'
 *
 * const host = await createToolHost()
 * const { snapshot } = await host.snapshot({ scope: 'session', protocol: 'gemini' })
 * console.log(offeredBindings(snapshot).map((binding) => binding.alias))
 */
export type { Snapshot } from './snapshot.js'
export type { SnapshotBinding } from './snapshot-binding.js'
export { deferredBindings, offeredBindings } from './snapshot.js'
export { toolsCallId, toolsSearchId, maxSearchResults } from './deferral/meta-tools.js'
export { defaultContextTokens, estimateToolTokens } from './deferral/decide-deferral.js'
export { builtinAlias, mcpAlias } from './tool-alias.js'
export { getProtocol, protocols } from './protocols/index.js'
export type { CompiledSchema, Protocol, SchemaDrop } from './protocols/protocol.js'
export type { JsonSchema } from '../core/json-schema.js'
