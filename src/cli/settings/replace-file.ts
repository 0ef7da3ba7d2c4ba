import { randomBytes } from 'node:crypto'
import { open, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Replaces (or creates) a file so that a reader sees the old text or the new, never half of one:
 * the text goes to a hidden file beside it, reaches the disk, then is renamed over the file. The
 * file keeps its permission bits; a new one is readable by its owner only, as profiles the host
 * saves are.
 * @example await replaceFile('/data/profiles/default.yaml', 'schemaVersion: 2\nid: default\n')
 */
export async function replaceFile(path: string, text: string): Promise<void> {
  const mode = (await stat(path).catch(() => undefined))?.mode ?? 0o600
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temporary, 'wx', mode & 0o777)
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
