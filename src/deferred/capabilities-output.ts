import type { ToolOutput } from '../tool/define-tool.js'
import type { SnapshotBinding } from '../snapshot/snapshot-binding.js'
import { fillText, loadText } from '../text/model-text.js'
import { counted } from '../text/quantities.js'

const texts = {
  listed: loadText(import.meta.url, 'texts/capabilities-listed.txt'),
  none: loadText(import.meta.url, 'texts/capabilities-none.txt'),
  empty: loadText(import.meta.url, 'texts/capabilities-empty.txt'),
}

/** What `query_capabilities` tells the model and the records. */
export interface CapabilitiesOutputParts {
  /** The query, when the model gave one. */
  readonly query: string | undefined
  /** The tools listed: all of them, or those that fit the query, best first. */
  readonly listed: readonly SnapshotBinding[]
  /** Number of tools there are in all. */
  readonly total: number
  /** Aliases of the pair in the snapshot. */
  readonly searchAlias: string
  readonly callAlias: string
}

/**
 * The result of `query_capabilities`: each tool's name, description and input schema (compiled for
 * the protocol, one line of JSON), as text and as structured data.
 */
export function capabilitiesOutput({
  query,
  listed,
  total,
  searchAlias,
  callAlias,
}: CapabilitiesOutputParts): ToolOutput {
  const capabilities = listed.map((binding) => ({
    name: binding.alias,
    toolId: binding.toolId,
    description: binding.description,
    parameters: binding.inputSchema,
  }))
  const structured = { ...(query !== undefined && { query }), total, capabilities }
  if (total === 0) return { content: fillText(texts.empty, { search: searchAlias, call: callAlias }), structured }
  if (listed.length === 0 && query !== undefined)
    return { content: fillText(texts.none, { query, total, search: searchAlias }), structured }
  const count =
    query === undefined
      ? `${counted(total, 'tool')} you can use`
      : `${listed.length} of ${counted(total, 'tool')} fit "${query}", best first`
  const blocks = listed.map((binding) => {
    const description = binding.description.replace(/\n/g, '\n   ')
    return `- ${binding.alias}\n   ${description}\n   parameters: ${JSON.stringify(binding.inputSchema)}`
  })
  return { content: `${fillText(texts.listed, { count, call: callAlias })}\n\n${blocks.join('\n\n')}`, structured }
}
