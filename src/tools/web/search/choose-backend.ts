import type { WebSearchSettings } from '../../../profile/web-search-settings.js'
import { fillText } from '../../../text/model-text.js'
import type { WebSearchBackendName } from './search-backend.js'
import { webSearchTexts as texts } from './search-texts.js'

/** The environment variable each keyed service reads its API key from. */
export const apiKeyVariables = { brave: 'BRAVE_API_KEY', tavily: 'TAVILY_API_KEY' } as const

/** The service a profile and environment lead to, with its address and key. */
export type BackendChoice =
  | { readonly name: 'searxng'; readonly url: string }
  | { readonly name: 'brave' | 'tavily'; readonly url?: string; readonly key: string }

/**
 * Picks the search service: `webSearch.backend` when set, else SearXNG when `webSearch.url` is
 * set, else Brave when `BRAVE_API_KEY` is set, else Tavily when `TAVILY_API_KEY` is set. Returns
 * why none can be used (for the person: what to configure) instead.
 * @example chooseBackend(profile.webSearch, process.env)
 */
export function chooseBackend(
  settings: WebSearchSettings,
  env: Readonly<Record<string, string | undefined>>,
): BackendChoice | { readonly problem: string } {
  const keyOf = (name: 'brave' | 'tavily') => {
    const key = env[apiKeyVariables[name]]?.trim()
    return key === undefined || key === '' ? undefined : key
  }
  const keyed = (name: 'brave' | 'tavily'): BackendChoice | { readonly problem: string } => {
    const key = keyOf(name)
    if (key === undefined)
      return { problem: fillText(texts.keyMissing, { backend: name, variable: apiKeyVariables[name] }) }
    return { name, key, ...(settings.url !== undefined && { url: settings.url }) }
  }
  const backend: WebSearchBackendName | undefined =
    settings.backend ??
    (settings.url !== undefined
      ? 'searxng'
      : keyOf('brave') !== undefined
        ? 'brave'
        : keyOf('tavily') !== undefined
          ? 'tavily'
          : undefined)
  if (backend === undefined) return { problem: texts.notConfigured }
  if (backend !== 'searxng') return keyed(backend)
  return settings.url === undefined ? { problem: texts.searxngUrlMissing } : { name: 'searxng', url: settings.url }
}
