export { createWebSearchTool, webSearchTool, type WebSearchToolOptions } from './web-search.js'
export type { WebSearchStructured } from './search-output.js'
export type { WebSearchResult } from './search-results.js'
export type { SearchBackend, SearchRequest, RawSearchHit, WebSearchBackendName } from './search-backend.js'
