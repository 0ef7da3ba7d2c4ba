import { lstat, rmdir, unlink } from 'node:fs/promises'
import type { MountTable } from './mount-table.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { fileError, outside } from './workspace-errors.js'

/** Removes a file, a symlink or an empty directory; never a mount point. */
export async function removeWorkspacePath(table: MountTable, path: string): Promise<void> {
  const target = await resolveWorkspacePath(table, path, 'write')
  if (target.path === target.mount.at) throw outside(path)
  try {
    const info = await lstat(target.hostPath)
    // Unlinking a symlink removes the link itself, never what it points to.
    if (info.isDirectory()) await rmdir(target.hostPath)
    else await unlink(target.hostPath)
  } catch (error) {
    throw fileError(error, target.path)
  }
}
