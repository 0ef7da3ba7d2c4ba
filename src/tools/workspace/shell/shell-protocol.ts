/**
 * Messages between the shell tool and its engine process. Type-only: the engine runs its TypeScript
 * source directly in tests, where only erased imports may cross into it from the tool's side.
 */

/** The argument the engine process is started with; it serves requests only when it sees it. */
export type EngineMarker = '--toolhost-shell-engine'

/** A workspace mount as the engine sees it (the same shape as the workspace's `Mount`). */
export type EngineMount = {
  /** Where the mount appears: `''` for the root, else e.g. `tool-results`. */
  readonly at: string
  readonly hostDir: string
  readonly access: 'read-write' | 'read-only'
}

/** What the sandbox may reach over the network; absent means no network at all. */
export type EngineNetwork = {
  readonly allowedUrlPrefixes: readonly string[]
  /** Refuse private and loopback addresses, also when a public name resolves to one. */
  readonly denyPrivateRanges: boolean
}

/** One command to run. */
export type EngineRequest = {
  readonly command: string
  /** Working directory in the sandbox, absolute (`/` is the workspace root). */
  readonly cwd: string
  readonly mounts: readonly EngineMount[]
  /** Real host directories no command may reach or list (toolhost's own state); none when absent. */
  readonly hidden?: readonly string[]
  readonly network?: EngineNetwork
  /** The call's time limit; the engine bounds its runtimes (python3, js-exec, sqlite3) by it. */
  readonly timeoutMs: number
}

/** How a command ended. */
export type EngineReply =
  | {
      readonly ok: true
      readonly exitCode: number
      /** The script's stdout, with its stderr merged into it in order. */
      readonly stdout: string
      /** What reached stderr outside that merge: the shell's own messages (syntax errors, limits). */
      readonly stderr: string
    }
  /** The sandbox could not run the command at all (`workdir` missing, a mount unusable, an internal failure). */
  | { readonly ok: false; readonly kind: 'workdir' | 'sandbox'; readonly message: string }

/** Messages to the engine: a request, or `abort` to stop the running one cooperatively. */
export type EngineCommand = { readonly type: 'run'; readonly request: EngineRequest } | { readonly type: 'abort' }

/** Messages from the engine: once `ready` after loading, then one `reply` per request. */
export type EngineMessage = { readonly type: 'ready' } | { readonly type: 'reply'; readonly reply: EngineReply }
