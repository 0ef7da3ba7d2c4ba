import { copyFile, mkdir, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { MountTable } from './mount-table.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { fileError, outside } from './workspace-errors.js'

/** Moves a file or directory, creating the destination's parents; across devices, a file is copied and removed. */
export async function moveWorkspacePath(table: MountTable, from: string, to: string): Promise<void> {
  const source = await resolveWorkspacePath(table, from, 'write')
  const dest = await resolveWorkspacePath(table, to, 'write')
  if (source.path === source.mount.at) throw outside(from)
  await mkdir(dirname(dest.hostPath), { recursive: true })
  try {
    await rename(source.hostPath, dest.hostPath)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw fileError(error, source.path)
    await copyFile(source.hostPath, dest.hostPath)
    await unlink(source.hostPath)
  }
}
