import { access } from 'node:fs/promises'
import { basename, dirname, extname, join, resolve } from 'node:path'
import type { ProfileFormat, ProfileTextError } from '../../api/routes/profiles/check-profile-text.js'
import { findProfileFileOf, profilesDir } from '../../api/routes/profiles/profile-files.js'
import { currentProfileSchemaVersion } from '../../profile/profile-schema.js'
import { UsageError } from '../cli-io.js'
import { profileOption } from '../common-options.js'

/** The profile file a command reads or edits. */
export interface ProfileTarget {
  /** Absolute path of the file (where it will be created when it does not exist). */
  readonly path: string
  readonly format: ProfileFormat
  /** The id the profile must have: a stored profile's file name, or the name of a new file. */
  readonly id: string
  /** Whether the id must match (a stored profile is found by its file name). */
  readonly stored: boolean
  readonly exists: boolean
}

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
const formats: Readonly<Record<string, ProfileFormat>> = { '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml' }

/**
 * The file `<id|file>` names, as the host resolves `--profile`: a path (with a slash, or ending in
 * .json, .yaml or .yml, or a file of that name in the working directory) or the id of a profile in
 * `<dataDir>/profiles/`. Without a value: the default profile, the one runs use when none is given
 * (`<dataDir>/profiles/default.*`, else where `default.yaml` would be created).
 * @throws UsageError for an id that cannot name a profile, or a file of another kind
 * @example (await profileTarget('/data', undefined)).path // '/data/profiles/default.yaml'
 */
export async function profileTarget(dataDir: string, value: string | undefined): Promise<ProfileTarget> {
  const named = await profileOption(value)
  if (named !== undefined && /[\\/]|\.(json|ya?ml)$/i.test(named)) {
    const path = resolve(named)
    const format = formats[extname(path).toLowerCase()]
    if (format === undefined)
      throw new UsageError(`${named} is not a profile file: its name must end in .json, .yaml or .yml`)
    const stem = basename(path, extname(path))
    return { path, format, id: idPattern.test(stem) ? stem : 'profile', stored: false, exists: await exists(path) }
  }
  const id = named ?? 'default'
  if (!idPattern.test(id) || id.includes('..'))
    throw new UsageError(
      `"${id}" is neither a profile file nor a profile id (1-64 letters, digits, "_", "-" or ".", starting with a letter or digit)`,
    )
  const found = await findProfileFileOf(dataDir, id)
  if (found !== undefined) return { path: found.path, format: found.format, id, stored: true, exists: true }
  return { path: join(profilesDir(dataDir), `${id}.yaml`), format: 'yaml', id, stored: true, exists: false }
}

/**
 * The smallest valid profile: every setting left out takes its default.
 * @example newProfileText('reader', 'yaml') // '# …\nschemaVersion: 2\nid: reader\n'
 */
export function newProfileText(id: string, format: ProfileFormat): string {
  if (format === 'json') return `${JSON.stringify({ schemaVersion: currentProfileSchemaVersion, id }, null, 2)}\n`
  return `# A toolhost profile. Settings left out take their defaults ("toolhost profile show ${id}" lists them).\nschemaVersion: ${currentProfileSchemaVersion}\nid: ${id}\n`
}

/**
 * Problems of a profile text, one line each as compilers write them: `file:line:column: message`.
 * @example formatProblems('/p/a.yaml', [{ line: 3, column: 5, message: 'tools.allow[0]: …' }]) // '/p/a.yaml:3:5: tools.allow[0]: …'
 */
export function formatProblems(path: string, errors: readonly ProfileTextError[]): string {
  return errors.map((error) => `${path}:${error.line}:${error.column}: ${error.message}`).join('\n')
}

/**
 * Why a named profile cannot be read, and how to make it.
 * @example missingProfile(await profileTarget('/data', 'coder')) // 'no profile "coder" in /data/profiles; create it with: toolhost profile edit coder'
 */
export function missingProfile(target: ProfileTarget): string {
  return target.stored
    ? `no profile "${target.id}" in ${dirname(target.path)}; create it with: toolhost profile edit ${target.id}`
    : `${target.path} does not exist; create it with: toolhost profile edit ${target.path}`
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  )
}
