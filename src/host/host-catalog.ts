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
  return id.startsWith('builtin:')
    ? host.builtins.get(id)
    : id.startsWith('process/')
      ? host.processTools.get(id)
      : (id.startsWith('mcp/') ? host.mcp().catalogSource() : host.extensions.catalogTools()).tools.find(
          (tool) => tool.id === id,
        )
}

/** The name a catalog listing shows for a tool: a builtin's alias, else its id. */
export function aliasOf(tool: CatalogTool): string {
  return tool.source === 'builtin' ? builtinAlias(tool.nativeName) : tool.id
}
