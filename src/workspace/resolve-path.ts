import { join, sep } from 'node:path'
import { isHiddenFrom } from './hidden-dirs.js'
import type { MountTable } from './mount-table.js'
import type { Mount } from './mount.js'
import { mountFor, normalizeWorkspacePath } from './normalize-path.js'
import { isInside, realTarget } from './verified-open.js'
import { controlFiles, outside, readOnly } from './workspace-errors.js'
import type { ResolvedPath } from './workspace-types.js'

/**
 * Resolves a workspace path to its mount and host path for reading or writing, after every safety
 * check (see `Workspace.resolve`).
 * @throws ToolError `workspace.path_outside`, `workspace.read_only`, `workspace.control_files`
 */
export async function resolveWorkspacePath(
  table: MountTable,
  path: string,
  intent: 'read' | 'write',
): Promise<ResolvedPath> {
  const clean = normalizeWorkspacePath(path, table.hosts)
  const mount = mountFor(clean, table.mounts)
  if (mount === undefined) throw outside(path)
  if (intent === 'write' && (mount.access === 'read-only' || (clean === mount.at && mount.at !== '')))
    throw readOnly(clean, mount.at)
  const inner = mount.at === '' ? clean : clean.slice(mount.at.length).replace(/^\//, '')
  const hostPath = inner === '' ? mount.hostDir : join(mount.hostDir, ...inner.split('/'))
  const root = await table.realRoot(mount)
  const real = await realTarget(hostPath)
  if (!isInside(root, real)) throw outside(path)
  if (isHiddenFrom(table.hidden, root, real)) throw controlFiles(clean)
  return { path: clean, mount, hostPath, realPath: realWorkspacePath(mount, root, real) }
}

/** The workspace path of what a path leads to (`real`, inside the mount's real `root`), so that rules judge the real file. */
function realWorkspacePath(mount: Mount, root: string, real: string): string {
  const realInner =
    real === root
      ? ''
      : real
          .slice(root.length)
          .split(sep)
          .filter((part) => part !== '')
          .join('/')
  return [mount.at, realInner].filter((part) => part !== '').join('/')
}
