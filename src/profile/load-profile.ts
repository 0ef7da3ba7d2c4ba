import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { parse as parseYaml, YAMLParseError } from 'yaml'
import type { z } from 'zod'
import { migrateProfile } from './profile-migrations.js'
import { maxCallsKeyProblems, type Profile, profileKeysAt, profileSchema } from './profile-schema.js'

/** A profile that cannot be used; `problems` lists every finding as `path: what is wrong`. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError'
  readonly problems: readonly string[]
  readonly source?: string
  constructor(problems: readonly string[], source?: string) {
    super(`Invalid profile${source === undefined ? '' : ` ${source}`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.problems = problems
    if (source !== undefined) this.source = source
  }
}

/**
 * Validates a raw profile (any schema version), migrating it first, and fills in the defaults.
 * @throws ProfileError listing every problem
 * @example parseProfile({ schemaVersion: 2, id: 'reader', tools: { allow: ['builtin:*'] } })
 */
export function parseProfile(raw: unknown, source?: string): Profile {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ProfileError(['a profile must be a JSON object'], source)
  }
  const migrated = migrateProfile(raw as Record<string, unknown>)
  if ('problem' in migrated) throw new ProfileError([migrated.problem], source)
  const result = profileSchema.safeParse(migrated.profile)
  if (!result.success) throw new ProfileError(result.error.issues.map(formatIssue), source)
  const keyProblems = maxCallsKeyProblems(result.data)
  if (keyProblems.length > 0) throw new ProfileError(keyProblems, source)
  return result.data
}

/**
 * A profile given in code: any part of one, merged onto a base profile. A whole parsed profile is one
 * too, so its optional texts may be undefined.
 */
export interface ProfileOverrides {
  readonly schemaVersion?: number
  readonly id?: string
  readonly name?: string | undefined
  readonly description?: string | undefined
  readonly model?: string | undefined
  readonly tools?: Readonly<Record<string, unknown>>
  readonly permissions?: Readonly<Record<string, unknown>>
  readonly hooks?: Readonly<Record<string, unknown>>
  readonly network?: Readonly<Record<string, unknown>>
  readonly skills?: Readonly<Record<string, unknown>>
  readonly agent?: Readonly<Record<string, unknown>>
  readonly sandbox?: Readonly<Record<string, unknown>>
  readonly databases?: Readonly<Record<string, unknown>>
  readonly webSearch?: Readonly<Record<string, unknown>>
  readonly lsp?: Readonly<Record<string, unknown>>
}

/**
 * Merges overrides onto a base profile (objects merge one level deep, lists replace) and validates.
 * @example mergeProfile(defaultProfile, { tools: { deny: ['builtin:dice.*'] } })
 */
export function mergeProfile(base: Profile, overrides: ProfileOverrides, source?: string): Profile {
  return parseProfile(
    {
      ...base,
      ...overrides,
      tools: { ...base.tools, ...overrides.tools },
      permissions: { ...base.permissions, ...overrides.permissions },
      hooks: { ...base.hooks, ...overrides.hooks },
      network: { ...base.network, ...overrides.network },
      skills: { ...base.skills, ...overrides.skills },
      agent: { ...base.agent, ...overrides.agent },
      sandbox: { ...base.sandbox, ...overrides.sandbox },
      databases: { ...base.databases, ...overrides.databases },
      webSearch: { ...base.webSearch, ...overrides.webSearch },
      lsp: { ...base.lsp, ...overrides.lsp },
    },
    source,
  )
}

/** Reads a profile file: `.json`, `.yaml` or `.yml`. */
export async function readProfileFile(path: string): Promise<Profile> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ProfileError([`cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`], path)
  }
  return parseProfile(parseProfileText(text, path), path)
}

function parseProfileText(text: string, path: string): unknown {
  const ext = extname(path).toLowerCase()
  if (ext === '.yaml' || ext === '.yml') {
    try {
      return parseYaml(text)
    } catch (error) {
      if (error instanceof YAMLParseError) {
        const at = error.linePos?.[0]
        throw new ProfileError(
          [`YAML ${at ? `line ${at.line}, column ${at.col}` : ''}: ${error.message.split('\n')[0]}`],
          path,
        )
      }
      throw error
    }
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ProfileError([`not valid JSON: ${(error as Error).message}`], path)
  }
}

/**
 * Finds a stored profile by id in `<dataDir>/profiles/` (`<id>.json`, `.yaml` or `.yml`), with the
 * file it came from. Returns `undefined` when there is none.
 */
export async function findProfileFile(
  dataDir: string,
  id: string,
): Promise<{ profile: Profile; path: string } | undefined> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(id) || id.includes('..')) {
    throw new ProfileError([`profile id "${id}" is not a valid id`])
  }
  for (const ext of ['.json', '.yaml', '.yml']) {
    const path = join(dataDir, 'profiles', `${id}${ext}`)
    try {
      await readFile(path)
    } catch {
      continue
    }
    const profile = await readProfileFile(path)
    if (profile.id !== id) throw new ProfileError([`id is "${profile.id}" but the file is named for "${id}"`], path)
    return { profile, path }
  }
  return undefined
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const path = formatPath(issue.path)
  const where = path === '' ? '' : `${path}: `
  if (issue.code === 'unrecognized_keys') {
    const valid = profileKeysAt(path)
    const keys = issue.keys.map((k) => `"${k}"`).join(', ')
    return `${where}unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${keys}${valid.length > 0 ? `; valid keys: ${valid.join(', ')}` : ''}`
  }
  return `${where}${issue.message}`
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('')
}
