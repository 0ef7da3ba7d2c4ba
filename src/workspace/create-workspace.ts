import { listWorkspaceDir } from './list-directory.js'
import type { Mount } from './mount.js'
import { mountTable } from './mount-table.js'
import { moveWorkspacePath } from './move-path.js'
import { normalizeWorkspacePath, type HostSpelling } from './normalize-path.js'
import { readWorkspaceFile } from './read-file.js'
import { removeWorkspacePath } from './remove-path.js'
import { resolveWorkspacePath } from './resolve-path.js'
import { statWorkspacePath } from './stat-path.js'
import type { Workspace } from './workspace.js'
import { fileError } from './workspace-errors.js'
import { writeWorkspaceFile } from './write-file.js'

/**
 * A workspace over host directories. Reads are proven inside their mount from the open descriptor;
 * writes go to a verified temporary file renamed into place. Paths whose real target lies in one of
 * `options.hidden` (toolhost's data directory) are refused with `workspace.control_files` and left
 * out of listings, however they are spelled (symlinks, `..`, host paths).
 *
 * @example
 * const ws = createWorkspace([{ at: '', hostDir: '/srv/project', access: 'read-write' }])
 * await ws.writeFile('notes/todo.md', '- ship\n')
 */
export function createWorkspace(
  mounts: readonly Mount[],
  options: { readonly hidden?: readonly string[] } = {},
): Workspace {
  const table = mountTable(mounts, options.hidden ?? [])
  const mapped = withFileErrors(table.hosts)
  return {
    mounts: table.mounts,
    hidden: table.hidden,
    resolve: mapped((path: string, intent: 'read' | 'write') => resolveWorkspacePath(table, path, intent)),
    normalize: (path) => normalizeWorkspacePath(path, table.hosts),
    stat: mapped((path: string) => statWorkspacePath(table, path)),
    readFile: mapped((path: string) => readWorkspaceFile(table, path)),
    list: mapped((path: string) => listWorkspaceDir(table, path)),
    writeFile: mapped(
      (path: string, data: string | Uint8Array, options?: { readonly expectedSha256?: string | null }) =>
        writeWorkspaceFile(table, path, data, options),
    ),
    remove: mapped((path: string) => removeWorkspacePath(table, path)),
    move: mapped((from: string, to: string) => moveWorkspacePath(table, from, to)),
  }
}

/** Whatever a file-system call throws reaches the model as a tool error naming the workspace path. */
function withFileErrors(hosts: readonly HostSpelling[]) {
  const workspacePath = (path: string) => {
    try {
      return normalizeWorkspacePath(path, hosts)
    } catch {
      return path
    }
  }
  return <A extends [string, ...unknown[]], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args)
      } catch (error) {
        throw fileError(error, workspacePath(args[0]))
      }
    }
}
