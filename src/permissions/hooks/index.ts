/** Pre-tool and post-tool hooks, in process or as commands (DESIGN §7). */
export { combineWithRule } from './combine-with-rule.js'
export type {
  CommandHook,
  HookConfig,
  HookFailure,
  HookFunction,
  PostToolHook,
  PostToolHookInput,
  PostToolHookOutcome,
  PostToolHooksResult,
  PreToolHook,
  PreToolHookInput,
  PreToolHookOutcome,
  PreToolHooksResult,
} from './hook-types.js'
export { parsePostToolOutcome, parsePreToolOutcome, type ParsedOutcome } from './parse-outcome.js'
export { defaultHookTimeoutMs, hookOutputLimit } from './run-hook-command.js'
export { runPostToolHooks } from './run-post-tool-hooks.js'
export { runPreToolHooks } from './run-pre-tool-hooks.js'
