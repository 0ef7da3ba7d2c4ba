/**
 * A workspace is a mount table: host directories seen by every tool (and by the shell) as one tree
 * of workspace paths. Paths are relative to the workspace root, written with `/`.
 */
export interface Mount {
  /** Where the mount appears in the workspace: `''` for the root, else e.g. `tool-results`. */
  readonly at: string
  /** The host directory (absolute). */
  readonly hostDir: string
  readonly access: 'read-write' | 'read-only'
}
