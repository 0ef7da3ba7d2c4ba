import { parseProfile } from './load-profile.js'
import type { Profile } from './profile-schema.js'

/** The built-in profile: every builtin tool of the invocation's scope, default limits and permissions. */
export const defaultProfile: Profile = parseProfile({ schemaVersion: 1, id: 'default' }, 'default')
