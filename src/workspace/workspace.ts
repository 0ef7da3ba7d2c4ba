import type { Mount } from './mount.js'
import type { ResolvedPath, WorkspaceEntry, WorkspaceStat } from './workspace-types.js'

/**
 * The file tree tools see (DESIGN §10): a mount table of host directories, each read-write or
 * read-only. Every operation takes a workspace path — `/x` and the host path `<root>/x` name
 * the same file as `x` (see `normalizeWorkspacePath`) — refuses escapes (`..`, NUL bytes,
 * symlinks leading out — also when swapped in between check and use) with the recoverable
 * `workspace.path_outside`, and writes to read-only mounts with `workspace.read_only`. Results name
 * files by their workspace paths.
 */
export interface Workspace {
  readonly mounts: readonly Mount[]
  /** Real host directories no path may reach through a mount holding them (toolhost's own state). */
  readonly hidden: readonly string[]
  /**
   * Which of the current call's rules cover a workspace path (its tool's deny and ask rules): walks
   * leave such paths out, also when a symlink leads to them, and a symlink never leads a call into a
   * denied one. Absent: nothing is left out.
   */
  readonly restricted?: (path: string) => 'deny' | 'ask' | undefined
  /** Resolves a workspace path for reading or writing; throws ToolError on escapes and read-only writes. */
  resolve(path: string, intent: 'read' | 'write'): Promise<ResolvedPath>
  /** Normalizes a workspace or host path to the workspace path, without touching the disk (throws ToolError `workspace.path_outside`). */
  normalize(path: string): string
  stat(path: string): Promise<WorkspaceStat | undefined>
  readFile(path: string): Promise<Buffer>
  /** One directory's entries, sorted by name. */
  list(path: string): Promise<WorkspaceEntry[]>
  /**
   * Writes a file atomically (temporary file + rename), creating parent directories. With
   * `expectedSha256` it is a compare-and-swap: the current content must hash to it (`null`: the file
   * must not exist), else ToolError `workspace.file_changed`.
   */
  writeFile(
    path: string,
    data: string | Uint8Array,
    options?: { readonly expectedSha256?: string | null },
  ): Promise<void>
  remove(path: string): Promise<void>
  move(from: string, to: string): Promise<void>
}
