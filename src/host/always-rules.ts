import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defaultProfile } from '../profile/default-profile.js'
import { persistAllowRule, type ProfileSource } from '../profile/profile-rules.js'

/** Where "allow always" keeps the rules of an invocation's profile. */
export interface AlwaysRules {
  /** The profile file a rule is written to, or `undefined` when it applies to the invocation only. */
  where(source: ProfileSource): string | undefined
  /**
   * Writes the rule where {@link where} says and returns the invocation's profile source from now
   * on (the stored default profile, once written, instead of the built-in one).
   */
  save(source: ProfileSource, rule: string): Promise<ProfileSource>
}

/**
 * "Allow always" for a host: a profile read from a file gets the rule in that file; the built-in
 * default profile gets it in the stored default profile `<dataDir>/profiles/default.json` (created
 * from the defaults when missing, and read by every later invocation with the default profile); a
 * profile given in code keeps it for the invocation only (the code owns that profile), as does
 * everything when the host keeps nothing on disk. `portable` rewrites the rule for the file (an MCP
 * server named as people named it, so that the file works on other machines).
 */
export function alwaysRules(options: {
  readonly dataDir: string
  readonly onDisk: boolean
  readonly portable: (rule: string) => string
}): AlwaysRules {
  const profilesDir = join(options.dataDir, 'profiles')
  const storedDefault = (): string | undefined =>
    ['.json', '.yaml', '.yml'].map((ext) => join(profilesDir, `default${ext}`)).find((path) => existsSync(path))
  const where = (source: ProfileSource): string | undefined => {
    if (source.kind === 'file') return source.path
    if (source.kind === 'builtin' && options.onDisk) return storedDefault() ?? join(profilesDir, 'default.json')
    return undefined
  }
  return {
    where,
    async save(source, rule) {
      const path = where(source)
      if (path === undefined) return source
      if (source.kind === 'builtin') await createStoredDefault(path)
      await persistAllowRule(path, options.portable(rule))
      return { kind: 'file', path }
    },
  }
}

/** Writes the default profile's minimal file (every setting left to the defaults) unless one exists. */
async function createStoredDefault(path: string): Promise<void> {
  if (existsSync(path)) return
  await mkdir(join(path, '..'), { recursive: true })
  const text = `${JSON.stringify({ schemaVersion: defaultProfile.schemaVersion, id: 'default' }, null, 2)}\n`
  // Another process may create it at the same moment: theirs is as good as ours.
  await writeFile(path, text, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error
  })
}
