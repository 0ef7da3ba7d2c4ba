import type { ToolOutput } from '../tool/define-tool.js'
import { fillText, loadText } from '../text/model-text.js'
import { counted } from '../text/quantities.js'
import type { DeferredMatch } from './deferred-index.js'

const texts = {
  found: loadText(import.meta.url, 'texts/search-found.txt'),
  none: loadText(import.meta.url, 'texts/search-none.txt'),
}

/** What a search tells the model and the records. */
export interface SearchOutputParts {
  readonly query: string
  readonly matches: readonly DeferredMatch[]
  /** Number of deferred tools searched. */
  readonly total: number
  /** The alias of `tools.call` in the snapshot. */
  readonly callAlias: string
}

/**
 * The result of `tools.search`: a compact text with each match's name, description and full
 * input schema (as compiled for the protocol, one line of JSON), and the same as structured data.
 */
export function searchOutput({ query, matches, total, callAlias }: SearchOutputParts): ToolOutput {
  const structured = {
    query,
    total,
    matches: matches.map(({ binding }) => ({
      alias: binding.alias,
      toolId: binding.toolId,
      description: binding.description,
      inputSchema: binding.inputSchema,
    })),
  }
  if (matches.length === 0)
    return { content: fillText(texts.none, { query, total: counted(total, 'tool') }), structured }
  const blocks = matches.map(({ binding }, i) => {
    const description = binding.description.replace(/\n/g, '\n   ')
    return `${i + 1}. ${binding.alias}\n   ${description}\n   parameters: ${JSON.stringify(binding.inputSchema)}`
  })
  const head = fillText(texts.found, {
    count: matches.length,
    total: counted(total, 'deferred tool'),
    query,
    call: callAlias,
  })
  return { content: `${head}\n\n${blocks.join('\n\n')}`, structured }
}
