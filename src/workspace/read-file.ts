import { constants } from 'node:fs'
import { isHiddenFrom } from './hidden-dirs.js'
import type { MountTable } from './mount-table.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { openInside } from './verified-open.js'
import { fileError, isDirectory, outside } from './workspace-errors.js'

/** Reads a file, proven inside its mount (and outside hidden directories) from the open descriptor. */
export async function readWorkspaceFile(table: MountTable, path: string): Promise<Buffer> {
  const target = await resolveWorkspacePath(table, path, 'read')
  let handle
  try {
    const root = await table.realRoot(target.mount)
    handle = await openInside(target.hostPath, root, constants.O_RDONLY, undefined, (opened) =>
      isHiddenFrom(table.hidden, root, opened),
    )
  } catch (error) {
    throw fileError(error, target.path)
  }
  if (handle === undefined) throw outside(path)
  try {
    if ((await handle.stat()).isDirectory()) throw isDirectory(target.path)
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
