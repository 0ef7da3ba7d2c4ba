import type { Mount } from './mount.js'

/** A workspace path resolved to its mount and host path, after every safety check. */
export interface ResolvedPath {
  /** Normalized workspace path: no leading `/`, no `.` or `..`, `''` for the root. */
  readonly path: string
  readonly mount: Mount
  /** The host path (inside `mount.hostDir`). */
  readonly hostPath: string
  /** The workspace path of the file it leads to, symlinks followed (`path` itself when none is on the way). */
  readonly realPath: string
}

/** An entry of a directory listing. */
export interface WorkspaceEntry {
  /** Workspace path of the entry. */
  readonly path: string
  readonly name: string
  readonly kind: 'file' | 'directory' | 'symlink' | 'other'
  readonly size: number
  /** Modification time, epoch ms. */
  readonly mtimeMs: number
}

/** File facts. */
export interface WorkspaceStat {
  readonly path: string
  readonly kind: 'file' | 'directory' | 'other'
  readonly size: number
  readonly mtimeMs: number
}
