import type { HookConfig, HookFailure, PostToolHookInput, PostToolHooksResult } from './hook-types.js'
import { hookApplies, hookLabel, invokeHook } from './invoke-hook.js'
import { parsePostToolOutcome } from './parse-outcome.js'

/**
 * Runs the post-tool hooks that match the call, in order. Additional context from each is
 * collected; the first block (`block: true`, or a command's exit 2 with stderr as the reason)
 * ends the sequence. A failing post-tool hook is reported in `failures` and otherwise ignored:
 * the call has already run, so its result stands.
 *
 * @throws the signal's reason when the run is cancelled while hooks run.
 */
export async function runPostToolHooks(
  config: HookConfig,
  input: PostToolHookInput,
  signal: AbortSignal,
): Promise<PostToolHooksResult> {
  const contexts: string[] = []
  const failures: HookFailure[] = []
  let blocked: { reason: string; hook: string } | undefined

  for (const [index, hook] of (config.postTool ?? []).entries()) {
    if (!hookApplies(hook, input.toolId)) continue
    const label = hookLabel('postTool', index, hook)
    const run = await invokeHook(hook, input, parsePostToolOutcome, signal)
    if (run.kind === 'failure') {
      failures.push({ hook: label, problem: run.problem })
      continue
    }
    const defaultReason = `The post-tool hook ${label} blocked this result.`
    if (run.kind === 'block') {
      blocked = { reason: run.reason ?? defaultReason, hook: label }
      break
    }
    const { block, reason, additionalContext } = run.outcome
    if (additionalContext !== undefined && additionalContext.trim() !== '') contexts.push(additionalContext)
    if (block === true) {
      blocked = { reason: reason ?? defaultReason, hook: label }
      break
    }
  }

  return {
    ...(contexts.length > 0 && { additionalContext: contexts.join('\n\n') }),
    ...(blocked !== undefined && { blocked }),
    ...(failures.length > 0 && { failures }),
  }
}
