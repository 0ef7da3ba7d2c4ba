/**
 * `toolhost/profile`: versioned settings of an invocation — which tools it offers, permission rules
 * and mode, hooks, limits, agent settings. Profiles are read from JSON or YAML, migrated from older
 * schema versions, and merged onto {@link defaultProfile}; `createInvocation({ profile })` takes
 * an id, a file, or overrides.
 *
 * @example
 * import { defaultProfile, mergeProfile } from 'toolhost/profile'
 *
 * const coder = mergeProfile(defaultProfile, { permissions: { mode: 'acceptEdits' } })
 */
export { defaultProfile } from './default-profile.js'
export { parseProfile, mergeProfile, readProfileFile } from './load-profile.js'
export type { ProfileOverrides } from './load-profile.js'
export type { ProfileSource } from './profile-rules.js'
export { profileSchema, currentProfileSchemaVersion, permissionModes, metaToolStyles } from './profile-schema.js'
export type { Profile, ProfileInput, PermissionMode, MetaToolStyle } from './profile-schema.js'
