import { z } from 'zod'
import { requestJson } from './backend-request.js'
import { apiKeyVariables } from './choose-backend.js'
import { parseAnswer } from './parse-answer.js'
import type { BackendLimits, SearchBackend } from './search-backend.js'

/** Brave's Web Search endpoint. */
export const braveEndpoint = 'https://api.search.brave.com/res/v1/web/search'

/** The part of Brave's answer that is read: `web.results` (absent when nothing was found). */
const braveAnswer = z.object({
  web: z
    .object({
      results: z
        .array(
          z.looseObject({
            url: z.string().optional(),
            title: z.string().nullish(),
            description: z.string().nullish(),
          }),
        )
        .default([]),
    })
    .optional(),
})

/**
 * Brave Search: `GET …/res/v1/web/search?q=…&count=…` with the key in `X-Subscription-Token`. At
 * most 20 results a request; no domain filter (`site:` is not reliable), so the caller filters.
 */
export function braveBackend(key: string, endpoint: string | undefined, limits: BackendLimits): SearchBackend {
  const label = 'Brave Search'
  return {
    name: 'brave',
    label,
    search: async ({ query, count }, signal) => {
      const url = new URL(endpoint ?? braveEndpoint)
      url.searchParams.set('q', query)
      url.searchParams.set('count', String(Math.min(20, Math.max(1, count))))
      const headers = { 'x-subscription-token': key }
      const answer = await requestJson(
        { label, url, method: 'GET', headers, secret: key, keyVariable: apiKeyVariables.brave },
        limits,
        signal,
      )
      return (parseAnswer(braveAnswer, answer, label).web?.results ?? []).map((result) => ({
        url: result.url ?? '',
        title: result.title ?? '',
        snippet: result.description ?? '',
      }))
    },
  }
}
