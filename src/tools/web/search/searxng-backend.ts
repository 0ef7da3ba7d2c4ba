import { z } from 'zod'
import { requestJson } from './backend-request.js'
import { parseAnswer } from './parse-answer.js'
import type { BackendLimits, SearchBackend } from './search-backend.js'

/** The part of SearXNG's JSON answer (`GET /search?format=json`) that is read. */
const searxngAnswer = z.object({
  results: z.array(
    z.looseObject({
      url: z.string().optional(),
      title: z.string().nullish(),
      content: z.string().nullish(),
    }),
  ),
})

/**
 * A self-hosted SearXNG instance (no key): `GET <url>/search?q=…&format=json`. The instance must
 * allow the json format (`search.formats` in its settings.yml). It returns a page of results; it
 * filters no domains, so the caller does.
 */
export function searxngBackend(baseUrl: string, limits: BackendLimits): SearchBackend {
  const label = 'SearXNG'
  return {
    name: 'searxng',
    label,
    search: async ({ query }, signal) => {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
      url.searchParams.set('q', query)
      url.searchParams.set('format', 'json')
      // An instance behind a login (`https://user:password@host`): the credentials go in a header,
      // since a request URL may not carry them, and never into a text.
      const login =
        url.username === '' && url.password === ''
          ? undefined
          : { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      url.username = ''
      url.password = ''
      const headers = {
        // SearXNG's bot detection refuses requests without a language.
        'accept-language': 'en;q=1.0, *;q=0.5',
        ...(login !== undefined && {
          authorization: `Basic ${Buffer.from(`${login.user}:${login.password}`).toString('base64')}`,
        }),
      }
      const answer = await requestJson(
        {
          label,
          url,
          method: 'GET',
          headers,
          ...(login !== undefined && login.password !== '' && { secret: login.password }),
        },
        limits,
        signal,
      )
      return parseAnswer(searxngAnswer, answer, label).results.map((result) => ({
        url: result.url ?? '',
        title: result.title ?? '',
        snippet: result.content ?? '',
      }))
    },
  }
}
