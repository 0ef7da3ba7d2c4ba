import type { CatalogTool } from '../../catalog/catalog-tool.js'
import { fillText, loadText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import { parseToolId } from '../../core/tool-id.js'

const template = loadText(import.meta.url, 'texts/deferred-summary.txt')

/** Most sources the summary names; the rest are counted. */
const maxSources = 12

/**
 * One line for the `tools_search` description that tells the model what it can search: how many
 * tools are deferred and where they come from (MCP servers, extensions, process packs), largest
 * first. Names only sources, never tools, so it stays short for any catalog.
 * @example deferredSummary(tools) // 'Deferred now: 36 tools, from github (26 tools), slack (10 tools).'
 */
export function deferredSummary(tools: readonly CatalogTool[]): string {
  const bySource = new Map<string, number>()
  for (const tool of tools) {
    const label = sourceLabel(tool)
    bySource.set(label, (bySource.get(label) ?? 0) + 1)
  }
  const ranked = [...bySource].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
  const named = ranked.slice(0, maxSources).map(([label, n]) => `${label} (${counted(n, 'tool')})`)
  if (ranked.length > maxSources) named.push(counted(ranked.length - maxSources, 'more source'))
  return fillText(template, { tools: counted(tools.length, 'tool'), sources: named.join(', ') })
}

function sourceLabel(tool: CatalogTool): string {
  if (tool.source === 'builtin') return 'toolhost'
  if (tool.source === 'mcp' && tool.serverName !== undefined) return tool.serverName
  return parseToolId(tool.id).sourceId
}
