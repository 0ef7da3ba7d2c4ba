/** What a pre-tool hook receives (DESIGN §7): the call about to run, after rules and the tool's own check. */
export interface PreToolHookInput {
  readonly event: 'pre_tool'
  readonly toolId: string
  readonly alias: string
  readonly callId: string
  readonly input: Record<string, unknown>
  readonly runId: string
  readonly invocationId: string
}

/** What a post-tool hook receives: the call and its model-ready result. */
export interface PostToolHookInput {
  readonly event: 'post_tool'
  readonly toolId: string
  readonly alias: string
  readonly callId: string
  readonly input: Record<string, unknown>
  readonly result: { readonly content: string; readonly isError: boolean; readonly errorCode?: string }
  readonly runId: string
  readonly invocationId: string
}

/**
 * A pre-tool hook's answer. Every field is optional: no decision means no opinion;
 * `updatedInput` replaces the whole input for later hooks and for the call.
 */
export interface PreToolHookOutcome {
  readonly decision?: 'allow' | 'deny' | 'ask'
  readonly reason?: string
  readonly updatedInput?: Record<string, unknown>
}

/**
 * A post-tool hook's answer. `block` tells the model the result must not be relied on (the call
 * has run already); `additionalContext` is appended to the result.
 */
export interface PostToolHookOutcome {
  readonly block?: boolean
  readonly reason?: string
  readonly additionalContext?: string
}

/**
 * An in-process hook. Returning nothing means no opinion; throwing is a hook failure. `signal`
 * aborts when the run is cancelled or the hook overruns its time (10 s).
 */
export type HookFunction<I, O> = (input: I, ctx: { readonly signal: AbortSignal }) => O | void | Promise<O | void>

/**
 * A hook run as an external command, without a shell: the hook input arrives as JSON on stdin.
 * Exit 0 with empty stdout or one JSON outcome object; exit 2 blocks with stderr as the reason;
 * anything else is a hook failure.
 */
export interface CommandHook {
  /** The executable: a path, or a name looked up on `PATH`. */
  readonly command: string
  readonly args?: readonly string[]
  /** Time limit before the hook's process group is killed; 10 000 ms by default. */
  readonly timeoutMs?: number
  /** A ToolId glob (`builtin:workspace.*`); the hook runs for every tool when omitted or undefined (as a parsed profile gives it). */
  readonly match?: string | undefined
}

/** A pre-tool hook, in process or as a command. */
export type PreToolHook = HookFunction<PreToolHookInput, PreToolHookOutcome> | CommandHook
/** A post-tool hook, in process or as a command. */
export type PostToolHook = HookFunction<PostToolHookInput, PostToolHookOutcome> | CommandHook

/** The hooks of a profile or host, run in the listed order. */
export interface HookConfig {
  readonly preTool?: readonly PreToolHook[]
  readonly postTool?: readonly PostToolHook[]
}

/** The combined verdict of the pre-tool hooks. */
export interface PreToolHooksResult {
  /** `none` when no hook expressed an opinion. */
  readonly decision: 'allow' | 'deny' | 'ask' | 'none'
  readonly reason?: string
  /** The input after every hook's replacement; absent when no hook replaced it. */
  readonly updatedInput?: Record<string, unknown>
  /** Which hook decided, e.g. `preTool[1] ./guard.sh`; absent for `none`. */
  readonly hook?: string
}

/** A hook that failed (crashed, timed out, answered garbage) without changing the outcome. */
export interface HookFailure {
  readonly hook: string
  readonly problem: string
}

/** The combined outcome of the post-tool hooks. */
export interface PostToolHooksResult {
  /** The hooks' additional context, joined by blank lines. */
  readonly additionalContext?: string
  readonly blocked?: { readonly reason: string; readonly hook: string }
  /** Post-tool hooks that failed; reported only, the result stands. */
  readonly failures?: readonly HookFailure[]
}
