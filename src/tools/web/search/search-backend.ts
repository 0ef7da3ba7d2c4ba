import type { webSearchBackends } from '../../../profile/web-search-settings.js'

/** A search service `web.search` can use. */
export type WebSearchBackendName = (typeof webSearchBackends)[number]

/** One result as a service returned it: text still raw (HTML, entities), URL unchecked. */
export interface RawSearchHit {
  readonly title: string
  readonly url: string
  readonly snippet: string
}

/** What a search asks a service for. */
export interface SearchRequest {
  readonly query: string
  /** Results wanted; a service may return fewer, or more (SearXNG returns a page). */
  readonly count: number
  /** Domains the results should come from, for services that filter by domain; results are filtered afterwards anyway. */
  readonly includeDomains: readonly string[]
  /** Domains to leave out, for services that filter by domain. */
  readonly excludeDomains: readonly string[]
}

/**
 * A search service behind one small interface. Failures are `ToolError`s the model can read
 * (rate limits, refused keys, bad answers); no text of one ever holds an API key.
 */
export interface SearchBackend {
  readonly name: WebSearchBackendName
  /** How the service is named to the model. */
  readonly label: string
  search(request: SearchRequest, signal: AbortSignal): Promise<readonly RawSearchHit[]>
}

/** Limits of one request to a search service. */
export interface BackendLimits {
  /** Longest a request may take, response body included. */
  readonly timeoutMs: number
  /** Most response bytes read (after decompression). */
  readonly maxBytes: number
}

/** One HTTP request to a search service. */
export interface BackendRequest {
  /** How the service is named to the model. */
  readonly label: string
  readonly url: URL
  readonly method: 'GET' | 'POST'
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
  /** The API key, if any: it is cut from every text taken from the response. */
  readonly secret?: string
  /** Where the key comes from (`BRAVE_API_KEY`), to say what to fix when it is refused. */
  readonly keyVariable?: string
}
