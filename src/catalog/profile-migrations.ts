import { currentProfileSchemaVersion } from './profile-schema.js'

/** A step that turns a profile of version N into version N + 1. */
export type ProfileMigration = (profile: Record<string, unknown>) => Record<string, unknown>

/**
 * Migrations by the version they upgrade from. Version 1 is the first, so there are none yet; a
 * later version adds `1: (p) => ({ ...p, schemaVersion: 2, … })` here.
 */
export const profileMigrations: Readonly<Record<number, ProfileMigration>> = {}

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
    if (profile.schemaVersion !== version + 1) return { problem: `the migration from schemaVersion ${version} did not reach ${version + 1}` }
    version += 1
  }
  return { profile }
}
