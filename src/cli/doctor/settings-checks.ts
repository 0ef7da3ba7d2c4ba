import { join } from 'node:path'
import type { Profile } from '../../profile/profile-schema.js'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'
import { serverProgram } from '../../tools/lsp/server-command.js'
import { apiKeyVariables, chooseBackend } from '../../tools/web/search/choose-backend.js'

/**
 * The language servers the profile turns on (`lsp.servers`): whether each program can be found,
 * on PATH or in the workspace's node_modules/.bin.
 * @example languageServerChecks(profile, process.cwd(), process.env.PATH) // [{ name: 'language server typescript', … }]
 */
export function languageServerChecks(profile: Profile, workspaceDir: string, path: string | undefined): HealthCheck[] {
  return Object.entries(profile.lsp.servers)
    .filter(([, server]) => server.enabled)
    .map(([name, server]): HealthCheck => {
      // Found as the lsp tools find it.
      const found = serverProgram(server.command, workspaceDir, path)
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
 * How `web.search` would search: the backend the profile names or the environment implies (as the
 * tool chooses it), and whether its key (names only) or SearXNG address is there. Not configured at
 * all is fine (the tool is just not offered); configured but unusable fails.
 * @example webSearchCheck(profile, process.env).status // 'ok'
 */
export function webSearchCheck(profile: Profile, env: Readonly<Record<string, string | undefined>>): HealthCheck {
  const name = 'web search'
  const settings = profile.webSearch
  const choice = chooseBackend(settings, env)
  if ('problem' in choice) {
    const configured = settings.backend !== undefined || settings.url !== undefined
    return configured
      ? { name, status: 'fail', detail: choice.problem }
      : { name, status: 'ok', detail: `web.search is not offered: ${choice.problem}` }
  }
  // The origin only: a SearXNG address may carry a user and password.
  const at = choice.url === undefined ? '' : ` at ${new URL(choice.url).origin}`
  return choice.name === 'searxng'
    ? { name, status: 'ok', detail: `SearXNG${at}` }
    : { name, status: 'ok', detail: `${choice.name}${at}; ${apiKeyVariables[choice.name]} is set` }
}
