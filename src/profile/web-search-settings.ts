import { z } from 'zod'

/** The search services `web.search` can use. */
export const webSearchBackends = ['searxng', 'brave', 'tavily'] as const

/**
 * A domain of `webSearch.allowedDomains`/`blockedDomains` (and of `web.search`'s own domain lists):
 * `example.com` with its subdomains, or `*.example.com` for the subdomains only.
 */
export const webSearchDomain = z
  .string()
  .regex(
    /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
    'must be a host name such as example.com, or *.example.com for its subdomains',
  )

/** How `web.search` searches: its backend, which result domains it keeps, how often a run may search. */
export const webSearchSettings = z.strictObject({
  /**
   * The backend; absent: SearXNG when `url` is set, else Brave when `BRAVE_API_KEY` is set, else
   * Tavily when `TAVILY_API_KEY` is set.
   */
  backend: z.enum(webSearchBackends).optional(),
  /**
   * The backend's address: the base URL of a SearXNG instance (needed for SearXNG; `/search` is
   * added), or for Brave or Tavily an endpoint used instead of theirs (a proxy). It is the
   * person's own setting, so a loopback or private address is fine here. API keys never go here:
   * they come from `BRAVE_API_KEY` and `TAVILY_API_KEY`.
   */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Only results from these domains (`example.com` includes its subdomains); all when empty. */
  allowedDomains: z.array(webSearchDomain).default([]),
  /** Results from these domains are dropped; wins over `allowedDomains`. */
  blockedDomains: z.array(webSearchDomain).default([]),
  /** Searches one run may make. */
  maxPerRun: z.number().int().min(1).max(1_000).default(20),
  /** Results one search returns at most. */
  maxResults: z.number().int().min(1).max(50).default(10),
})

/** Validated `web.search` settings. */
export type WebSearchSettings = z.output<typeof webSearchSettings>
