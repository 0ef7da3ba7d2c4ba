import { z } from 'zod'
import { defineTool, type AnyToolDefinition, type ToolOutput } from '../../tool/define-tool.js'
import { fillText, loadText } from '../../text/model-text.js'
import { parseToolArguments, rawArgumentText } from '../../tool/tool-arguments.js'
import { toolsCallId, toolsSearchId } from './meta-tools.js'

/**
 * The deferred-tool pair as iAs named and shaped it (DESIGN §12, §14), for profiles with
 * `tools.metaTools: 'ias'`: `query_capabilities` lists the tools, `call_capability {name, prompt}`
 * runs one, `prompt` being the JSON text of its arguments. They are the same tools as `tools.search`
 * and `tools.call` (same ids, so the same permission rules and audit), under other aliases and
 * inputs; the call is unwrapped by the gate like any `tools.call`, its input read here into
 * `{ tool, arguments }`.
 */

/** The aliases of the pair in the iAs style: `tools.search`, then `tools.call`. */
export const iasMetaAliases = { search: 'query_capabilities', call: 'call_capability' } as const

/** Longest `prompt` echoed back when it is not a JSON object. */
const maxEcho = 200

const texts = {
  query: loadText(import.meta.url, 'texts/query-capabilities.description.md'),
  call: loadText(import.meta.url, 'texts/call-capability.description.md'),
  prompt: loadText(import.meta.url, 'texts/call-capability-prompt.txt'),
}

const queryInput = z.object({
  query: z
    .string()
    .max(500)
    .optional()
    .describe(
      'Optional: what the tool should do, in plain words, to list only the tools that fit. Leave out to list all.',
    ),
})

/** The input of `query_capabilities`. */
export type QueryCapabilitiesInput = z.output<typeof queryInput>

/** Lists the capabilities of an invocation. */
export type CapabilityQuery = (input: QueryCapabilitiesInput) => ToolOutput

const callInput = z
  .object({
    name: z.string().min(1).describe('The name of the tool, as query_capabilities listed it.'),
    prompt: z
      .string({ error: (issue) => promptProblem('not a text', rawArgumentText(issue.input)) })
      .optional()
      .describe(`The tool's arguments as a JSON text, e.g. '{"city": "Oslo"}'; '{}' or nothing for none.`),
  })
  .transform((input, ctx) => {
    // ToolArguments' one rule (DESIGN §5): "", "null" and "{}" are no arguments; anything else must be an object.
    const args = parseToolArguments(input.prompt ?? '')
    if (args.ok) return { tool: input.name, arguments: args.value }
    ctx.addIssue({ code: 'custom', path: ['prompt'], message: promptProblem(args.reason, args.raw) })
    return z.NEVER
  })

function promptProblem(reason: string, raw: string): string {
  return fillText(texts.prompt, { reason, received: raw.length > maxEcho ? `${raw.slice(0, maxEcho)}…` : raw })
}

/**
 * `query_capabilities`: `tools.search` in the iAs style. Bound to an invocation through `run`;
 * without it, the definition only describes the tool (for snapshots) and refuses to run.
 */
export function queryCapabilitiesTool(run?: CapabilityQuery): AnyToolDefinition {
  return defineTool({
    name: 'tools.search',
    description: (ctx) => fillText(texts.query, { call: ctx.alias(toolsCallId) }),
    inputSchema: queryInput,
    annotations: { readOnly: true, idempotent: true },
    scopes: ['chat', 'session'],
    call: async (input) => {
      if (run === undefined) throw new Error('query_capabilities runs only inside an invocation that offers it')
      return run(input)
    },
    renderToolUseMessage: ({ query }) =>
      query === undefined ? 'List capabilities' : `Find capabilities for "${query}"`,
  })
}

/** `call_capability`: `tools.call` in the iAs style; never dispatched itself (the gate unwraps it). */
export const callCapabilityTool: AnyToolDefinition = defineTool({
  name: 'tools.call',
  description: (ctx) => fillText(texts.call, { search: ctx.alias(toolsSearchId) }),
  inputSchema: callInput,
  scopes: ['chat', 'session'],
  call: async () => {
    throw new Error('call_capability is unwrapped by the gate and never dispatched itself')
  },
})
