import type { HookConfig } from '../permissions/hooks/hook-types.js'
import type { AnyToolDefinition } from '../tool/define-tool.js'

/** Options of `createToolHost` (create-tool-host.ts). */
export interface ToolHostOptions {
  /** Where toolhost keeps its data; default `$TOOLHOST_HOME` or `.toolhost/` in the working directory. */
  readonly dataDir?: string
  /** The directory tools work in; default the working directory. */
  readonly workspaceDir?: string
  /** Your own in-process tools, offered like builtins (`builtin:<name>`). */
  readonly tools?: readonly AnyToolDefinition[]
  /** In-process pre-tool and post-tool hooks, run before the profile's command hooks. */
  readonly hooks?: HookConfig
  /** Keep the store in memory (nothing survives the process; durable approvals cannot outlive it). */
  readonly inMemoryStore?: boolean
  /** Skill folders, mounted read-only at `skills/` in every workspace. */
  readonly skillsDir?: string
  /**
   * Directories of process tool specs; default `<dataDir>/tools/`, which no tool can reach (a
   * project's own `tools/` folder is source code). Profiles may name more (`tools.processDirs`).
   * A spec's tools are offered only once a person trusted the spec's content (`ToolHost.trustProcessTools`).
   */
  readonly processDirs?: readonly string[]
  /** Reload process tools when their spec directories change; default true. */
  readonly watchProcessTools?: boolean
}
