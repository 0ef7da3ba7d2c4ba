import { z } from 'zod'
import { webSearchDomain } from '../../../profile/web-search-settings.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { defineTool } from '../../../tool/define-tool.js'
import { braveBackend } from './brave-backend.js'
import { chooseBackend, type BackendChoice } from './choose-backend.js'
import { backendDomains, planDomains } from './domain-plan.js'
import type { BackendLimits, SearchBackend } from './search-backend.js'
import { searchOutput, summarizeSearch } from './search-output.js'
import { finishResults } from './search-results.js'
import { webSearchDescription, webSearchTexts as texts } from './search-texts.js'
import { searxngBackend } from './searxng-backend.js'
import { tavilyBackend } from './tavily-backend.js'

const domainList = z.array(webSearchDomain).max(20)

const inputSchema = z.object({
  query: z.string().trim().min(2).max(400).describe('What to search for, as typed into a search engine.'),
  allowed_domains: domainList
    .optional()
    .describe('Only results from these domains, e.g. ["docs.python.org"]; "*.example.com" for subdomains only.'),
  blocked_domains: domainList.optional().describe('No results from these domains.'),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe("Most results to return; default and upper limit are the profile's (usually 10)."),
})

/** What tests and embedders may change about `web.search`; production uses the defaults. */
export interface WebSearchToolOptions {
  /** Where API keys are read (`BRAVE_API_KEY`, `TAVILY_API_KEY`); `process.env` when omitted. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** Longest a request to the search service may take (default 20 s). */
  readonly timeoutMs?: number
  /** Most bytes of an answer read (default 2 MiB). */
  readonly maxBytes?: number
}

const fetchToolId = 'builtin:web.fetch'
/** Results asked of a service when the domain rules will filter them: its most, so some are left. */
const filteredCount = 20

/**
 * Creates the `web.search` tool with its environment and limits. {@link webSearchTool} is the one
 * the host offers; tests build their own with a given environment and small limits.
 */
export function createWebSearchTool(options: WebSearchToolOptions = {}) {
  const env = () => options.env ?? process.env
  const limits: BackendLimits = {
    timeoutMs: options.timeoutMs ?? 20_000,
    maxBytes: options.maxBytes ?? 2 * 1024 * 1024,
  }
  return defineTool({
    name: 'web.search',
    description: (ctx) =>
      ctx.has(fetchToolId)
        ? `${webSearchDescription}\n${fillText(texts.descriptionFetch, { fetch: ctx.alias(fetchToolId) })}`
        : webSearchDescription,
    inputSchema,
    annotations: { readOnly: true, openWorld: true },
    timeoutMs: limits.timeoutMs + 10_000,
    resources: () => [],
    unavailableWith: (profile) => {
      const choice = chooseBackend(profile.webSearch, env())
      return 'problem' in choice ? choice.problem : undefined
    },
    maxCallsWith: (profile) => profile.webSearch.maxPerRun,
    budgetExhaustedText: texts.capReached,
    call: async (input, ctx) => {
      const settings = ctx.profile.webSearch
      const choice = chooseBackend(settings, env())
      // The snapshot leaves the tool out in this case; a direct call still gets a clear answer.
      if ('problem' in choice) throw new ToolError('web_search.backend_error', choice.problem)
      const plan = planDomains(settings, input)
      const max = Math.min(input.max_results ?? settings.maxResults, settings.maxResults)
      const filtered = plan.modelAllowed !== undefined || plan.profileAllowed.length > 0 || plan.blocked.length > 0
      const domains = backendDomains(plan)
      const backend = backendFor(choice, limits)
      const hits = await backend.search(
        {
          query: input.query,
          // More than wanted, so that duplicates and filtered results still leave enough.
          count: filtered ? filteredCount : Math.min(filteredCount, max * 2),
          includeDomains: domains.include,
          excludeDomains: domains.exclude,
        },
        ctx.signal,
      )
      const { results, dropped } = finishResults(hits, plan, max)
      return searchOutput({
        query: input.query,
        backend,
        results,
        dropped,
        plan,
        profileAllowed: settings.allowedDomains,
        ...(ctx.has(fetchToolId) && { fetchAlias: ctx.alias(fetchToolId) }),
      })
    },
    renderToolUseMessage: ({ query }) => `Search "${query}"`,
    renderToolResultMessage: (output) => summarizeSearch(output.structured),
  })
}

function backendFor(choice: BackendChoice, limits: BackendLimits): SearchBackend {
  switch (choice.name) {
    case 'searxng':
      return searxngBackend(choice.url, limits)
    case 'brave':
      return braveBackend(choice.key, choice.url, limits)
    case 'tavily':
      return tavilyBackend(choice.key, choice.url, limits)
  }
}

/**
 * `web.search`: searches the web through the profile's service (a SearXNG instance at
 * `webSearch.url`, Brave Search with `BRAVE_API_KEY`, or Tavily with `TAVILY_API_KEY`) and returns
 * titles, URLs and snippets, filtered by the profile's and the model's domain rules. Not offered
 * when no service is configured; a run searches at most `webSearch.maxPerRun` times. Structured
 * output is a `WebSearchStructured`.
 *
 * @example
 * const host = await createToolHost({ tools: [webSearchTool], dataDir })
 * const invocation = await host.createInvocation({
 *   scope: 'session',
 *   protocol: 'openai-chat',
 *   profile: { webSearch: { url: 'http://127.0.0.1:8888' } },
 * })
 */
export const webSearchTool = createWebSearchTool()
