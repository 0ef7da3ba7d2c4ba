/** A host directory the sandboxed command sees at its own path. */
export interface SandboxMount {
  /** The host directory, absolute. */
  readonly hostDir: string
  readonly access: 'read-write' | 'read-only'
}

/** Resource limits of one sandboxed command; each is a hard limit the command cannot raise. */
export interface SandboxLimits {
  /** CPU seconds of each process (RLIMIT_CPU). */
  readonly cpuSeconds: number
  /** Writable memory of each process in MiB (RLIMIT_DATA: heap and private mappings). */
  readonly memoryMb: number
  /** Largest file a process may write, in MiB (RLIMIT_FSIZE). */
  readonly fileSizeMb: number
  /** Open files per process (RLIMIT_NOFILE). */
  readonly openFiles: number
}

/**
 * What a sandboxed command may reach besides the system, read-only. Hidden paths, the host's
 * `/tmp` and `/run` and the network are out of reach (see `startSandboxed`).
 */
export interface SandboxPolicy {
  /** Directories bound at their own host path: the workspace read-write, tool results read-only, … */
  readonly mounts: readonly SandboxMount[]
  /** The directory the command starts in, a host path inside a mount. */
  readonly cwd: string
  /** The command's whole environment. */
  readonly env: Readonly<Record<string, string>>
  readonly limits: SandboxLimits
}

/** The limits a call gets unless the profile sets others. */
export const defaultSandboxLimits: SandboxLimits = {
  cpuSeconds: 600,
  memoryMb: 4096,
  fileSizeMb: 4096,
  openFiles: 4096,
}
