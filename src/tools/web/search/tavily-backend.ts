import { z } from 'zod'
import { requestJson } from './backend-request.js'
import { apiKeyVariables } from './choose-backend.js'
import { parseAnswer } from './parse-answer.js'
import type { BackendLimits, SearchBackend } from './search-backend.js'

/** Tavily's search endpoint. */
export const tavilyEndpoint = 'https://api.tavily.com/search'

const tavilyAnswer = z.object({
  results: z.array(
    z.looseObject({
      url: z.string().optional(),
      title: z.string().nullish(),
      content: z.string().nullish(),
    }),
  ),
})

/**
 * Tavily: `POST …/search` with a JSON body and the key as a Bearer token. It filters by domain
 * (`include_domains`, `exclude_domains`); the caller filters again, since those lists are only
 * hints here. At most 20 results a request.
 */
export function tavilyBackend(key: string, endpoint: string | undefined, limits: BackendLimits): SearchBackend {
  const label = 'Tavily'
  return {
    name: 'tavily',
    label,
    search: async ({ query, count, includeDomains, excludeDomains }, signal) => {
      const body = {
        query,
        max_results: Math.min(20, Math.max(1, count)),
        search_depth: 'basic',
        include_answer: false,
        include_raw_content: false,
        include_images: false,
        ...(includeDomains.length > 0 && { include_domains: includeDomains }),
        ...(excludeDomains.length > 0 && { exclude_domains: excludeDomains }),
      }
      const answer = await requestJson(
        {
          label,
          url: new URL(endpoint ?? tavilyEndpoint),
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          secret: key,
          keyVariable: apiKeyVariables.tavily,
        },
        limits,
        signal,
      )
      return parseAnswer(tavilyAnswer, answer, label).results.map((result) => ({
        url: result.url ?? '',
        title: result.title ?? '',
        snippet: result.content ?? '',
      }))
    },
  }
}
