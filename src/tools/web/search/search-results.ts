import type { DomainPlan } from './domain-plan.js'
import { planKeeps } from './domain-plan.js'
import { plainSnippet } from './plain-snippet.js'
import type { RawSearchHit } from './search-backend.js'

/** One result as the model gets it. */
export interface WebSearchResult {
  readonly title: string
  readonly url: string
  readonly snippet: string
}

/** Longest title and snippet shown, in characters. */
export const resultTextLimits = { title: 200, snippet: 400 } as const

/**
 * The results the model gets: http(s) URLs the domain plan keeps, one per URL (the first, which
 * services rank best), text made plain and cut, at most `max`. `dropped` counts results the
 * domain rules left out.
 */
export function finishResults(
  hits: readonly RawSearchHit[],
  plan: DomainPlan,
  max: number,
): { readonly results: WebSearchResult[]; readonly dropped: number } {
  const seen = new Set<string>()
  const results: WebSearchResult[] = []
  let dropped = 0
  for (const hit of hits) {
    const key = urlKey(hit.url)
    if (key === undefined || seen.has(key)) continue
    seen.add(key)
    if (!planKeeps(plan, hit.url)) {
      dropped += 1
      continue
    }
    if (results.length >= max) continue
    const title = plainSnippet(hit.title, resultTextLimits.title)
    results.push({
      title: title === '' ? hit.url : title,
      url: hit.url,
      snippet: plainSnippet(hit.snippet, resultTextLimits.snippet),
    })
  }
  return { results, dropped }
}

/**
 * What makes two result URLs the same page: scheme and host as URLs compare them, the path
 * without a trailing slash, the query; not the fragment. Undefined for a URL that is not http(s).
 */
function urlKey(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : ''
    return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`
  } catch {
    return undefined
  }
}
