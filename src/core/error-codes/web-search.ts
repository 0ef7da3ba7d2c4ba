import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of `web.search`: its search service's failures and the domain rules. */
export const webSearchErrorCodes = {
  'web_search.domains_blocked': {
    kind: 'recoverable',
    meaning: "Every domain the model named is blocked or outside the profile's allowed domains; nothing was searched.",
    texts: ['tools/web/search/texts/domains-blocked.txt', 'tools/web/search/texts/all-domains.txt'],
  },
  'web_search.rate_limited': {
    kind: 'recoverable',
    meaning: 'The search service refused for a rate or usage limit (HTTP 429, or 432/433 from Tavily).',
    texts: [
      'tools/web/search/texts/rate-limited.txt',
      'tools/web/search/texts/rate-limited-unknown.txt',
      'tools/web/search/texts/usage-limit.txt',
    ],
  },
  'web_search.auth_failed': {
    kind: 'recoverable',
    meaning: 'The search service refused the API key, a SearXNG login, or the JSON format (HTTP 401/403).',
    texts: [
      'tools/web/search/texts/key-refused.txt',
      'tools/web/search/texts/searxng-forbidden.txt',
      'tools/web/search/texts/login-refused.txt',
    ],
  },
  'web_search.backend_error': {
    kind: 'recoverable',
    meaning: 'The search service failed: an error status, a redirect, no connection, or the search was cancelled.',
    texts: [
      'tools/web/search/texts/service-failed.txt',
      'tools/web/search/texts/query-refused.txt',
      'tools/web/search/texts/redirected.txt',
      'tools/web/search/texts/unreachable.txt',
      'tools/web/search/texts/cancelled.txt',
    ],
  },
  'web_search.bad_response': {
    kind: 'recoverable',
    meaning: 'The search service answered with something other than its JSON result list, or too much.',
    texts: [
      'tools/web/search/texts/not-json.txt',
      'tools/web/search/texts/bad-shape.txt',
      'tools/web/search/texts/too-large.txt',
    ],
  },
  'web_search.timeout': {
    kind: 'recoverable',
    meaning: 'The search service did not answer within the time limit.',
    texts: ['tools/web/search/texts/timeout.txt'],
  },
} as const satisfies ErrorCodeTable
