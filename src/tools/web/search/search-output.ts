import { counted } from '../../../text/quantities.js'
import { cutShort, fillText } from '../../../text/model-text.js'
import type { ToolOutput } from '../../../tool/define-tool.js'
import type { DomainPlan } from './domain-plan.js'
import type { SearchBackend } from './search-backend.js'
import type { WebSearchResult } from './search-results.js'
import { webSearchTexts as texts } from './search-texts.js'

/** `web.search`'s structured output. */
export interface WebSearchStructured {
  readonly query: string
  /** The service that answered: `searxng`, `brave` or `tavily`. */
  readonly backend: string
  readonly results: readonly WebSearchResult[]
}

/** What one search found, as the model reads it. */
export interface SearchFindings {
  readonly query: string
  readonly backend: SearchBackend
  readonly results: readonly WebSearchResult[]
  /** Results the domain rules left out. */
  readonly dropped: number
  readonly plan: DomainPlan
  /** The alias of `web.fetch`, when it is offered. */
  readonly fetchAlias?: string
  /** The profile's allowed domains, for the note about domains outside them. */
  readonly profileAllowed: readonly string[]
}

/** A numbered list of title, URL and snippet, notes about left-out domains, and how to read a page. */
export function searchOutput(findings: SearchFindings): ToolOutput {
  const { results, backend, plan } = findings
  const query = cutShort(findings.query, 200)
  const lines: string[] = []
  if (results.length === 0) lines.push(fillText(texts.noResults, { query, backend: backend.label }))
  else {
    lines.push(
      fillText(texts.resultsHeader, { results: counted(results.length, 'result'), query, backend: backend.label }),
    )
    results.forEach((result, index) => {
      lines.push('', `${index + 1}. ${result.title}`, `   ${result.url}`)
      if (result.snippet !== '') lines.push(`   ${result.snippet}`)
    })
  }
  const notes: string[] = []
  const unique = (list: readonly string[]) => [...new Set(list)].join(', ')
  if (plan.refused.outside.length > 0)
    notes.push(
      fillText(texts.namedOutside, {
        domains: unique(plan.refused.outside),
        allowed: findings.profileAllowed.join(', '),
      }),
    )
  if (plan.refused.blocked.length > 0)
    notes.push(fillText(texts.namedBlocked, { domains: unique(plan.refused.blocked) }))
  if (findings.dropped > 0) notes.push(fillText(texts.dropped, { results: counted(findings.dropped, 'result') }))
  if (results.length > 0 && findings.fetchAlias !== undefined)
    notes.push(fillText(texts.fetchHint, { fetch: findings.fetchAlias }))
  if (notes.length > 0) lines.push('', ...notes)
  const structured: WebSearchStructured = {
    query: findings.query,
    backend: backend.name,
    results: results.map((result) => ({ ...result })),
  }
  return { content: lines.join('\n'), structured: { ...structured } }
}

/** `8 results`, for people. */
export function summarizeSearch(structured: Record<string, unknown> | undefined): string {
  const results = structured?.results
  return Array.isArray(results) ? counted(results.length, 'result') : 'Searched'
}
