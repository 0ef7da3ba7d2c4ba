import { z } from 'zod'
import { defineTool, type AnyToolDefinition, type ToolOutput } from '../../tool/define-tool.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { ToolId } from '../../core/tool-id.js'

/**
 * The two builtins of deferred tools (DESIGN §12): `tools.search` finds deferred tools and returns
 * their schemas; `tools.call` calls one by alias. A snapshot gets both, and only these, whenever it
 * defers a tool; their aliases are reserved, so no external tool can take them.
 */

/** Stable id of `tools.search`. */
export const toolsSearchId: ToolId = 'builtin:tools.search'
/** Stable id of `tools.call`. */
export const toolsCallId: ToolId = 'builtin:tools.call'
/** The ids of both meta tools. */
export const metaToolIds: readonly ToolId[] = [toolsSearchId, toolsCallId]

/** Most matches one search returns. */
export const maxSearchResults = 5

const texts = {
  search: loadText(import.meta.url, 'texts/tools-search.description.md'),
  call: loadText(import.meta.url, 'texts/tools-call.description.md'),
}

const searchInput = z.object({
  query: z.string().min(1).max(500).describe('What the tool should do, in plain words; or part of its name.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(maxSearchResults)
    .optional()
    .describe(`How many matches to return (1-${maxSearchResults}, default ${maxSearchResults}).`),
})

/** The input of `tools.search`. */
export type ToolsSearchInput = z.output<typeof searchInput>

const callInput = z.object({
  tool: z.string().min(1).describe('The name of the deferred tool, as tools search returned it.'),
  arguments: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .optional()
    .describe("The tool's arguments: a JSON object that fits its parameter schema."),
})

/** The input of `tools.call`. */
export type ToolsCallInput = z.output<typeof callInput>

/** Runs a search for an invocation. */
export type DeferredSearch = (input: ToolsSearchInput) => ToolOutput

/**
 * The `tools.search` definition. Bound to an invocation's deferred index through `run`; without
 * it, the definition only describes the tool (for snapshots) and refuses to run. `summary` (what
 * is deferred, see `deferredSummary`) is appended to the description.
 */
export function toolsSearchTool(run?: DeferredSearch, summary?: string): AnyToolDefinition {
  return defineTool({
    name: 'tools.search',
    description: (ctx) =>
      fillText(texts.search, { call: ctx.alias(toolsCallId) }) + (summary === undefined ? '' : ` ${summary}`),
    inputSchema: searchInput,
    annotations: { readOnly: true, idempotent: true },
    scopes: ['chat', 'session'],
    call: async (input) => {
      if (run === undefined) throw new Error('tools.search runs only inside an invocation that defers tools')
      return run(input)
    },
    renderToolUseMessage: ({ query }) => `Search deferred tools for "${query}"`,
  })
}

/**
 * The `tools.call` definition. The gate unwraps every call of it into a call of the named tool
 * (see Gate), so its own `call` is never dispatched.
 */
export const toolsCallTool: AnyToolDefinition = defineTool({
  name: 'tools.call',
  description: (ctx) => fillText(texts.call, { search: ctx.alias(toolsSearchId) }),
  inputSchema: callInput,
  scopes: ['chat', 'session'],
  call: async () => {
    throw new Error('tools.call is unwrapped by the gate and never dispatched itself')
  },
})
