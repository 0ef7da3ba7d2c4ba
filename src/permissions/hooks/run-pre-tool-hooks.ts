import type { HookConfig, PreToolHookInput, PreToolHooksResult } from './hook-types.js'
import { hookApplies, hookLabel, invokeHook } from './invoke-hook.js'
import { parsePreToolOutcome } from './parse-outcome.js'

/**
 * Runs the pre-tool hooks that match the call, in order, and combines their answers:
 *
 * - any deny wins and ends the sequence (later hooks do not run); a command's exit 2 is a deny
 *   with its stderr as the reason;
 * - a hook failure (a throw, a crash, a non-zero exit other than 2, a timeout, invalid output) is
 *   a deny with reason `hook failed: …`, since hooks are usually guards and a broken guard must
 *   not wave calls through;
 * - otherwise any ask wins over allow; the first hook with the winning decision is reported;
 * - each hook's `updatedInput` replaces the input the next hook sees, and the last one is returned.
 *
 * The result is the hooks' opinion only; {@link combineWithRule} merges it with the rules.
 *
 * @throws the signal's reason when the run is cancelled while hooks run.
 */
export async function runPreToolHooks(
  config: HookConfig,
  input: PreToolHookInput,
  signal: AbortSignal,
): Promise<PreToolHooksResult> {
  let current = input.input
  let replaced = false
  let decided: { readonly decision: 'allow' | 'ask'; readonly reason?: string; readonly hook: string } | undefined

  for (const [index, hook] of (config.preTool ?? []).entries()) {
    if (!hookApplies(hook, input.toolId)) continue
    const label = hookLabel('preTool', index, hook)
    const run = await invokeHook(hook, { ...input, input: current }, parsePreToolOutcome, signal)
    if (run.kind === 'failure') return { decision: 'deny', reason: `hook failed: ${label} ${run.problem}`, hook: label }
    if (run.kind === 'block')
      return { decision: 'deny', reason: run.reason ?? `The pre-tool hook ${label} blocked this call.`, hook: label }

    const { decision, reason, updatedInput } = run.outcome
    if (decision === 'deny')
      return { decision: 'deny', reason: reason ?? `The pre-tool hook ${label} denied this call.`, hook: label }
    if (updatedInput !== undefined) {
      current = updatedInput
      replaced = true
    }
    if ((decision === 'ask' && decided?.decision !== 'ask') || (decision === 'allow' && decided === undefined)) {
      decided = { decision, hook: label, ...(reason !== undefined && { reason }) }
    }
  }

  return {
    decision: decided?.decision ?? 'none',
    ...(decided?.reason !== undefined && { reason: decided.reason }),
    ...(decided !== undefined && { hook: decided.hook }),
    ...(replaced && { updatedInput: current }),
  }
}
