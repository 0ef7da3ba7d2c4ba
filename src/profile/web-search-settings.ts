import { z } from 'zod'

/** The search services `web.search` can use. */
export const webSearchBackends = ['searxng', 'brave', 'tavily'] as const

const domain = z
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
  /** The backend's address: a SearXNG instance (needed for SearXNG), or another endpoint of Brave or Tavily. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Only results from these domains (`example.com` includes its subdomains); all when empty. */
  allowedDomains: z.array(domain).default([]),
  /** Results from these domains are dropped; wins over `allowedDomains`. */
  blockedDomains: z.array(domain).default([]),
  /** Searches one run may make. */
  maxPerRun: z.number().int().min(1).max(1_000).default(20),
  /** Results one search returns at most. */
  maxResults: z.number().int().min(1).max(50).default(10),
})

/** Validated `web.search` settings. */
export type WebSearchSettings = z.output<typeof webSearchSettings>
