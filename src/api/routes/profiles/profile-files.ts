import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { ProfileFormat } from './check-profile-text.js'

/** A profile file in `<dataDir>/profiles/`. */
export interface ProfileFile {
  readonly id: string
  readonly path: string
  readonly format: ProfileFormat
}

const extensions: Readonly<Record<string, ProfileFormat>> = { '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml' }

/**
 * The folder of stored profiles.
 * @example profilesDir('/data') // '/data/profiles'
 */
export function profilesDir(dataDir: string): string {
  return join(dataDir, 'profiles')
}

/**
 * The profile files in `<dataDir>/profiles/`, one per id (the host reads `.json` before `.yaml`
 * before `.yml`), ordered by id.
 * @example await listProfileFiles('/data') // [{ id: 'reader', path: '/data/profiles/reader.yaml', format: 'yaml' }]
 */
export async function listProfileFiles(dataDir: string): Promise<ProfileFile[]> {
  const names = await readdir(profilesDir(dataDir)).catch(() => [] as string[])
  const byId = new Map<string, ProfileFile>()
  for (const ext of Object.keys(extensions))
    for (const name of names.filter((n) => extname(n).toLowerCase() === ext).sort()) {
      const id = name.slice(0, -ext.length)
      const format = extensions[ext]
      if (!byId.has(id) && format !== undefined) byId.set(id, { id, path: join(profilesDir(dataDir), name), format })
    }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * The file the host reads for a profile id, if any.
 * @example (await findProfileFileOf('/data', 'reader'))?.format // 'yaml'
 */
export async function findProfileFileOf(dataDir: string, id: string): Promise<ProfileFile | undefined> {
  return (await listProfileFiles(dataDir)).find((file) => file.id === id)
}

/**
 * Reads a profile file's text.
 * @example await readProfileText({ id: 'reader', path: '/data/profiles/reader.yaml', format: 'yaml' })
 */
export async function readProfileText(file: ProfileFile): Promise<string> {
  return readFile(file.path, 'utf8')
}

/**
 * Saves a profile's text atomically as `<id>.json` or `<id>.yaml` (a reader never sees half a
 * file), then removes the id's files of other extensions, which would otherwise hide or shadow it.
 * @example await saveProfileText('/data', 'reader', 'yaml', 'schemaVersion: 2\nid: reader\n') // '/data/profiles/reader.yaml'
 */
export async function saveProfileText(
  dataDir: string,
  id: string,
  format: ProfileFormat,
  text: string,
): Promise<string> {
  const dir = profilesDir(dataDir)
  await mkdir(dir, { recursive: true })
  const path = join(dir, `${id}.${format}`)
  const temporary = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`)
  await writeFile(temporary, text, { encoding: 'utf8', mode: 0o600 })
  try {
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  for (const ext of Object.keys(extensions)) {
    const other = join(dir, `${id}${ext}`)
    if (other !== path) await rm(other, { force: true })
  }
  return path
}
