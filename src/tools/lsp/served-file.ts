import type { Workspace } from '../../workspace/workspace.js'
import { extensionOf } from './server-choice.js'

/** Directory entries looked at, at most, to find a file. */
const maxEntries = 2000
/** Folders never searched: dependencies, build output and dot folders. */
const skipped = new Set(['node_modules', 'dist', 'build', 'target', 'vendor', 'tool-results', 'skills'])

/**
 * A workspace file with one of `extensions`, found breadth-first (shallow files first) in a bounded
 * walk that skips dependencies, build output and dot folders; undefined when none is found.
 * Servers that load a project only for an open file (tsserver) need one before a workspace query.
 */
export async function findServedFile(workspace: Workspace, extensions: readonly string[]): Promise<string | undefined> {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()))
  const queue = ['']
  let seen = 0
  while (queue.length > 0 && seen < maxEntries) {
    const dir = queue.shift() ?? ''
    let entries
    try {
      entries = await workspace.list(dir)
    } catch {
      continue
    }
    for (const entry of entries) {
      if (++seen > maxEntries) break
      if (workspace.restricted?.(entry.path) === 'deny') continue
      if (entry.kind === 'file' && wanted.has(extensionOf(entry.name))) return entry.path
      if (entry.kind === 'directory' && !entry.name.startsWith('.') && !skipped.has(entry.name)) queue.push(entry.path)
    }
  }
  return undefined
}
