import type { Stats } from 'node:fs'
import { lstat, readdir, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { isHiddenFrom } from './hidden-dirs.js'
import type { MountTable } from './mount-table.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { realTarget } from './verified-open.js'
import { fileError } from './workspace-errors.js'
import type { WorkspaceEntry } from './workspace-types.js'

/**
 * One directory's entries, sorted by name: its files (hidden directories and folders another mount
 * covers left out) and the mount points right below it.
 */
export async function listWorkspaceDir(table: MountTable, path: string): Promise<WorkspaceEntry[]> {
  const target = await resolveWorkspacePath(table, path, 'read')
  let dirents
  try {
    dirents = await readdir(target.hostPath, { withFileTypes: true })
  } catch (error) {
    throw fileError(error, target.path)
  }
  const entries: WorkspaceEntry[] = []
  const realDir = await realTarget(target.hostPath)
  const root = await table.realRoot(target.mount)
  for (const dirent of dirents) {
    if (isHiddenFrom(table.hidden, root, join(realDir, dirent.name))) continue
    const entryPath = target.path === '' ? dirent.name : `${target.path}/${dirent.name}`
    if (table.mounts.some((m) => m.at !== '' && m.at === entryPath && m !== target.mount)) continue
    const info = await lstat(join(target.hostPath, dirent.name)).catch(() => undefined)
    if (info === undefined) continue
    entries.push({ path: entryPath, name: dirent.name, kind: entryKind(info), size: info.size, mtimeMs: info.mtimeMs })
  }
  entries.push(...(await mountPoints(table, target.path)))
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

function entryKind(info: Stats): WorkspaceEntry['kind'] {
  return info.isSymbolicLink() ? 'symlink' : info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'other'
}

/** Mount points right below a directory appear in it, whether or not the host has such a folder. */
async function mountPoints(table: MountTable, dir: string): Promise<WorkspaceEntry[]> {
  const entries: WorkspaceEntry[] = []
  for (const mount of table.mounts) {
    if (mount.at === '' || dirname(`/${mount.at}`).slice(1) !== dir) continue
    const info = await stat(mount.hostDir).catch(() => undefined)
    entries.push({
      path: mount.at,
      name: basename(mount.at),
      kind: 'directory',
      size: 0,
      mtimeMs: info?.mtimeMs ?? 0,
    })
  }
  return entries
}
