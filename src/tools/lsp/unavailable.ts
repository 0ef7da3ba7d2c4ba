import type { Profile } from '../../profile/profile-schema.js'
import { enabledServers } from './server-choice.js'

/** Why the `lsp.*` tools cannot be offered: the profile names no enabled language server. */
export function lspUnavailableWith(profile: Profile): string | undefined {
  return enabledServers(profile.lsp).length === 0
    ? 'no language server is configured (lsp.servers in the profile, e.g. { "typescript": {} })'
    : undefined
}
