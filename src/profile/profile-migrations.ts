import { currentProfileSchemaVersion } from './profile-schema.js'

/** A step that turns a profile of version N into version N + 1. */
export type ProfileMigration = (profile: Record<string, unknown>) => Record<string, unknown>

/** The round and call limits every version-1 profile had when it did not set them. */
const v1LimitDefault = 80

/**
 * Version 1 → 2: the round and call limits became optional and unlimited by default. A stored
 * version-1 profile (an invocation's checkpoint, a saved default) holds the old default 80 filled
 * in, which cannot be told from one a person wrote, so 80 is read as "the old default" and dropped;
 * any other limit stays.
 */
function dropV1LimitDefaults(profile: Record<string, unknown>): Record<string, unknown> {
  const tools = profile.tools
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) return { ...profile, schemaVersion: 2 }
  const kept = Object.fromEntries(
    Object.entries(tools).filter(
      ([key, value]) => !((key === 'maxRounds' || key === 'maxCallsPerRun') && value === v1LimitDefault),
    ),
  )
  return { ...profile, schemaVersion: 2, tools: kept }
}

/** Migrations by the version they upgrade from: `N: (p) => ({ ...p, schemaVersion: N + 1, … })`. */
export const profileMigrations: Readonly<Record<number, ProfileMigration>> = { 1: dropV1LimitDefaults }

/**
 * Upgrades a raw profile to the current schema version, step by step.
 * Returns the problem when it cannot (a missing or newer version, or a gap in the chain).
 */
export function migrateProfile(
  raw: Record<string, unknown>,
  migrations: Readonly<Record<number, ProfileMigration>> = profileMigrations,
  target: number = currentProfileSchemaVersion,
): { readonly profile: Record<string, unknown> } | { readonly problem: string } {
  let profile = raw
  const declared = profile.schemaVersion
  if (declared === undefined) return { problem: `schemaVersion is missing; add "schemaVersion": ${target}` }
  if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 1) {
    return { problem: `schemaVersion must be a whole number from 1 to ${target}` }
  }
  let version: number = declared
  if (version > target) {
    return { problem: `schemaVersion ${version} is newer than this toolhost reads (${target}); upgrade toolhost` }
  }
  while (version < target) {
    const step = migrations[version]
    if (step === undefined) return { problem: `no migration from schemaVersion ${version}` }
    profile = step(profile)
    if (profile.schemaVersion !== version + 1)
      return { problem: `the migration from schemaVersion ${version} did not reach ${version + 1}` }
    version += 1
  }
  return { profile }
}
