import { stat } from 'node:fs/promises'
import type { MountTable } from './mount-table.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { fileError } from './workspace-errors.js'
import type { WorkspaceStat } from './workspace-types.js'

/** The facts of what a workspace path names (symlinks followed), or `undefined` when nothing is there. */
export async function statWorkspacePath(table: MountTable, path: string): Promise<WorkspaceStat | undefined> {
  const target = await resolveWorkspacePath(table, path, 'read')
  try {
    const info = await stat(target.hostPath)
    return {
      path: target.path,
      kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other',
      size: info.size,
      mtimeMs: info.mtimeMs,
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
      return undefined
    throw fileError(error, target.path)
  }
}
