import { stat } from 'node:fs/promises'
import { writeFileAtomic } from '../../results/atomic-write.js'

/**
 * Replaces (or creates) a file so that a reader sees the old text or the new, never half of one.
 * The file keeps its permission bits; a new one is readable by its owner only, as profiles the host
 * saves are.
 * @example await replaceFile('/data/profiles/default.yaml', 'schemaVersion: 2\nid: default\n')
 */
export async function replaceFile(path: string, text: string): Promise<void> {
  const mode = (await stat(path).catch(() => undefined))?.mode ?? 0o600
  await writeFileAtomic(path, text, { mode: mode & 0o777 })
}
