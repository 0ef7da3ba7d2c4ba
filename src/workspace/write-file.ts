import { constants } from 'node:fs'
import { chmod, lstat, mkdir, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { isHiddenFrom } from './hidden-dirs.js'
import type { MountTable } from './mount-table.js'
import { readWorkspaceFile } from './read-file.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { sha256Hex } from './sha256.js'
import { openInside, realTarget } from './verified-open.js'
import { controlFiles, fileChanged, fileError, isDirectory, outside } from './workspace-errors.js'

/**
 * Writes a file atomically: a verified temporary file beside it, renamed into place (see
 * `Workspace.writeFile` for `expectedSha256`).
 */
export async function writeWorkspaceFile(
  table: MountTable,
  path: string,
  data: string | Uint8Array,
  options: { readonly expectedSha256?: string | null } = {},
): Promise<void> {
  const target = await resolveWorkspacePath(table, path, 'write')
  const root = await table.realRoot(target.mount)
  // Writing through a symlink inside the mount changes the file it points to, not the link.
  const hostPath = await realTarget(target.hostPath)
  const existing = await lstat(hostPath).catch(() => undefined)
  if (existing?.isDirectory() === true) throw isDirectory(target.path)
  if (options.expectedSha256 !== undefined) {
    const current = existing === undefined ? null : sha256Hex(await readWorkspaceFile(table, target.path))
    if (current !== options.expectedSha256) throw fileChanged(target.path)
  }
  const parent = dirname(hostPath)
  await mkdir(parent, { recursive: true })
  const temp = join(parent, `.${basename(hostPath)}.${randomBytes(6).toString('hex')}.tmp`)
  if (isHiddenFrom(table.hidden, root, hostPath)) throw controlFiles(target.path)
  const handle = await openInside(
    temp,
    root,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o666,
    (opened) => isHiddenFrom(table.hidden, root, opened),
  )
  if (handle === undefined) {
    await unlink(temp).catch(() => undefined)
    throw outside(path)
  }
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    if (existing?.isFile() === true) await chmod(temp, existing.mode & 0o7777)
    await rename(temp, hostPath)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw fileError(error, target.path)
  }
}
