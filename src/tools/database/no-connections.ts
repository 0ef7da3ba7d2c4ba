import type { Profile } from '../../profile/profile-schema.js'

/** Why the database tools are not offered with `profile`: it has no connection. */
export function noConnections(profile: Profile): string | undefined {
  return Object.keys(profile.databases).length === 0
    ? 'the profile has no database connection; add one under databases (name → { url })'
    : undefined
}
