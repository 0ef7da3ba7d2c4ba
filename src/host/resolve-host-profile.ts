import { join, resolve } from 'node:path'
import { defaultProfile } from '../profile/default-profile.js'
import {
  findProfileFile,
  mergeProfile,
  ProfileError,
  readProfileFile,
  type ProfileOverrides,
} from '../profile/load-profile.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import type { Profile } from '../profile/profile-schema.js'
import type { HostContext } from './host-context.js'
import { withServerIds } from './mcp-server-names.js'

/**
 * Resolves a profile as `InvocationOptions.profile` names it, with MCP servers in its rules named
 * by the ids the host registered them under.
 * @throws ProfileError when the profile is missing or invalid
 */
export async function resolveHostProfile(
  host: HostContext,
  profile?: string | Profile | ProfileOverrides,
): Promise<{ profile: Profile; source: ProfileSource }> {
  const resolved = await resolveProfileRef(host.dataDir, profile)
  return { ...resolved, profile: withServerIds(resolved.profile, host.mcp().registrations()) }
}

/** A profile id, a profile file path, or settings merged onto the default profile, read as it stands. */
async function resolveProfileRef(
  dataDir: string,
  profile?: string | Profile | ProfileOverrides,
): Promise<{ profile: Profile; source: ProfileSource }> {
  if (profile === undefined || profile === 'default') {
    // The stored default profile (where "allow always" keeps rules of default invocations) wins over the built-in one.
    const stored = await findProfileFile(dataDir, 'default')
    return stored === undefined
      ? { profile: defaultProfile, source: { kind: 'builtin' } }
      : { profile: stored.profile, source: { kind: 'file', path: stored.path } }
  }
  if (typeof profile === 'string') {
    if (/[\\/]|\.(json|ya?ml)$/i.test(profile))
      return { profile: await readProfileFile(profile), source: { kind: 'file', path: resolve(profile) } }
    const found = await findProfileFile(dataDir, profile)
    if (found === undefined)
      throw new ProfileError([
        `no profile "${profile}" in ${join(dataDir, 'profiles')} (looked for .json, .yaml, .yml)`,
      ])
    return { profile: found.profile, source: { kind: 'file', path: found.path } }
  }
  return { profile: mergeProfile(defaultProfile, profile), source: { kind: 'object' } }
}
