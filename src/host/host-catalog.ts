import { buildCatalog, type Catalog } from '../catalog/catalog.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { builtinAlias } from '../snapshot/tool-alias.js'
import type { HostContext } from './host-context.js'

/** Every tool of the host now: builtins, extension tools, process tools of the host's and `profileDirs`, MCP tools. */
export function currentCatalog(host: HostContext, profileDirs: readonly string[] = []): Catalog {
  return buildCatalog([
    host.builtins,
    host.extensions.catalogTools(),
    host.processTools.source([...host.processDirs, ...profileDirs]),
    host.mcp().catalogSource(),
  ])
}

/** A tool of the host by id, looked up in its own source only. */
export function findHostTool(host: HostContext, id: string): CatalogTool | undefined {
  // By source, so that a call never rebuilds the whole catalog (or reads MCP caches) to find its tool.
  if (id.startsWith('builtin:')) return host.builtins.get(id)
  if (id.startsWith('process/')) return host.processTools.get(id)
  if (id.startsWith('mcp/'))
    return host
      .mcp()
      .catalogSource()
      .tools.find((tool) => tool.id === id)
  return host.extensions.catalogTool(id)
}

/** The name a catalog listing shows for a tool: a builtin's alias, else its id. */
export function aliasOf(tool: CatalogTool): string {
  return tool.source === 'builtin' ? builtinAlias(tool.nativeName) : tool.id
}
