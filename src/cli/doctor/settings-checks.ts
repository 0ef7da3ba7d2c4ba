import { join, resolve } from 'node:path'
import type { Profile } from '../../profile/profile-schema.js'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'
import { findExecutable, isExecutable } from '../../spawn/find-executable.js'

/**
 * The language servers the profile turns on (`lsp.servers`): whether each program can be found,
 * on PATH or in the workspace's node_modules/.bin.
 * @example languageServerChecks(profile, process.cwd(), process.env.PATH) // [{ name: 'language server typescript', … }]
 */
export function languageServerChecks(profile: Profile, workspaceDir: string, path: string | undefined): HealthCheck[] {
  return Object.entries(profile.lsp.servers)
    .filter(([, server]) => server.enabled)
    .map(([name, server]): HealthCheck => {
      const found = server.command.includes('/')
        ? [resolve(workspaceDir, server.command)].find(isExecutable)
        : (findExecutable(server.command, path) ??
          [join(workspaceDir, 'node_modules', '.bin', server.command)].find(isExecutable))
      return found === undefined
        ? {
            name: `language server ${name}`,
            status: 'fail',
            detail: `"${server.command}" is not found on PATH or in ${join(workspaceDir, 'node_modules', '.bin')}; install it, or set lsp.servers.${name}.command (or enabled: false)`,
          }
        : { name: `language server ${name}`, status: 'ok', detail: `${found} (for ${server.extensions.join(', ')})` }
    })
}

/**
 * How `web.search` would search: the backend the profile names or the environment implies, and
 * whether its key (names only) or SearXNG address is there.
 * @example webSearchCheck(profile, process.env).status // 'ok'
 */
export function webSearchCheck(profile: Profile, env: Readonly<Record<string, string | undefined>>): HealthCheck {
  const name = 'web search'
  const settings = profile.webSearch
  const isSet = (key: string): boolean => (env[key] ?? '').trim() !== ''
  const keys = { brave: 'BRAVE_API_KEY', tavily: 'TAVILY_API_KEY' } as const
  const backend =
    settings.backend ??
    (settings.url !== undefined ? 'searxng' : isSet(keys.brave) ? 'brave' : isSet(keys.tavily) ? 'tavily' : undefined)
  if (backend === undefined)
    return {
      name,
      status: 'ok',
      detail: `not configured, so web.search is not offered; to offer it set ${keys.brave} or ${keys.tavily}, or webSearch.url to a SearXNG instance`,
    }
  const at = settings.url === undefined ? '' : ` at ${new URL(settings.url).origin}`
  if (backend === 'searxng')
    return settings.url === undefined
      ? {
          name,
          status: 'fail',
          detail: 'webSearch.backend is searxng but webSearch.url is not set; set it to the instance',
        }
      : { name, status: 'ok', detail: `SearXNG${at}` }
  const key = keys[backend]
  return isSet(key)
    ? { name, status: 'ok', detail: `${backend}${at}; ${key} is set` }
    : {
        name,
        status: 'fail',
        detail: `webSearch.backend is ${backend} but ${key} is not set; set it in the environment`,
      }
}
