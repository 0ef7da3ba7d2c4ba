import type { Workspace } from '../../../workspace/workspace.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { patchPaths, type PatchOperation } from './parse-patch.js'
import { parents, type FileState } from './plan-patch.js'

/** The patch's operations with normalized paths, and the current state of every path they touch. */
export interface PatchTargets {
  readonly operations: readonly PatchOperation[]
  readonly states: ReadonlyMap<string, FileState>
}

/**
 * Normalizes every path of the operations, resolves each for writing — so escapes, symlinks
 * leading out and read-only mounts fail here, before anything is written — then reads the current
 * state of each path and of its parent directories.
 * @throws ToolError `workspace.path_outside`, `workspace.read_only` (from the workspace)
 */
export async function readTargets(operations: readonly PatchOperation[], workspace: Workspace): Promise<PatchTargets> {
  const normalized = operations.map((operation): PatchOperation => {
    const path = workspace.normalize(operation.path)
    if (operation.kind !== 'update' || operation.moveTo === undefined) return { ...operation, path }
    return { ...operation, path, moveTo: workspace.normalize(operation.moveTo) }
  })
  const paths = patchPaths(normalized)
  for (const path of paths) await workspace.resolve(path, 'write')
  const states = new Map<string, FileState>()
  for (const path of [...new Set(paths.flatMap((path) => [...parents(path), path]))]) {
    states.set(path, await readFileState(path, workspace))
  }
  return { operations: normalized, states }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A path's current state; a file's text only when its bytes are UTF-8 (the BOM kept, so hashes round-trip). */
export async function readFileState(path: string, workspace: Workspace): Promise<FileState> {
  const stat = await workspace.stat(path)
  if (stat === undefined) return { kind: 'missing' }
  if (stat.kind !== 'file') return { kind: stat.kind }
  const bytes = await workspace.readFile(path)
  return { kind: 'file', sha256: sha256Hex(bytes), text: decodeUtf8(bytes) }
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}
