import { parseProfile } from './load-profile.js'
import { currentProfileSchemaVersion, type Profile } from './profile-schema.js'

/** The built-in profile: every builtin tool of the invocation's scope, no round or call limits, default permissions. */
export const defaultProfile: Profile = parseProfile(
  { schemaVersion: currentProfileSchemaVersion, id: 'default' },
  'default',
)
