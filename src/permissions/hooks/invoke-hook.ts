import { matchesToolPattern } from '../../core/tool-pattern.js'
import type { CommandHook, HookFunction } from './hook-types.js'
import type { ParsedOutcome } from './parse-outcome.js'
import { defaultHookTimeoutMs, hookOutputLimit, runHookCommand } from './run-hook-command.js'

/** What one hook said: an outcome, a block (command exit 2), or a failure to say anything usable. */
export type HookRun<O> =
  | { readonly kind: 'outcome'; readonly outcome: O }
  | { readonly kind: 'block'; readonly reason?: string }
  | { readonly kind: 'failure'; readonly problem: string }

// Longest stretch of a failing hook's stderr quoted in the failure, which may reach the model.
const stderrExcerptChars = 1000

/** True for a command hook, as opposed to an in-process function. */
export function isCommandHook(hook: HookFunction<never, unknown> | CommandHook): hook is CommandHook {
  return typeof hook !== 'function'
}

/** True when `hook` runs for calls of `toolId`: functions always, commands when `match` matches. */
export function hookApplies(hook: HookFunction<never, unknown> | CommandHook, toolId: string): boolean {
  return !isCommandHook(hook) || hook.match === undefined || matchesToolPattern(hook.match, toolId)
}

/** A readable name for the hook at `index` of `list`, e.g. `preTool[0] ./guard.sh`. */
export function hookLabel(
  list: 'preTool' | 'postTool',
  index: number,
  hook: HookFunction<never, unknown> | CommandHook,
): string {
  const name = isCommandHook(hook)
    ? [hook.command, ...(hook.args ?? [])].join(' ')
    : hook.name === ''
      ? 'function'
      : `function ${hook.name}`
  return `${list}[${index}] ${name}`
}

/**
 * Runs one hook and validates its answer with `parse`. Failures (a throw, a crash, a timeout,
 * invalid output) are returned, not thrown; only the run's cancellation throws.
 */
export async function invokeHook<I, O>(
  hook: HookFunction<I, O> | CommandHook,
  input: I,
  parse: (value: unknown) => ParsedOutcome<O>,
  signal: AbortSignal,
): Promise<HookRun<O>> {
  signal.throwIfAborted()
  return isCommandHook(hook) ? invokeCommand(hook, input, parse, signal) : invokeFunction(hook, input, parse, signal)
}

async function invokeCommand<I, O>(
  hook: CommandHook,
  input: I,
  parse: (value: unknown) => ParsedOutcome<O>,
  signal: AbortSignal,
): Promise<HookRun<O>> {
  const run = await runHookCommand(hook, input, signal)
  if (!run.ok) return { kind: 'failure', problem: run.problem }
  const { exit } = run
  if (exit.exitCode === 2) {
    const reason = exit.stderr.trim()
    return reason === '' ? { kind: 'block' } : { kind: 'block', reason: exit.stderrTruncated ? `${reason}…` : reason }
  }
  if (exit.exitCode !== 0) {
    const excerpt = exit.stderr.trim().slice(0, stderrExcerptChars)
    return { kind: 'failure', problem: `exited with code ${exit.exitCode}${excerpt === '' ? '' : `: ${excerpt}`}` }
  }
  if (exit.stdoutTruncated) return { kind: 'failure', problem: `wrote more than ${hookOutputLimit} bytes to stdout` }
  const text = exit.stdout.trim()
  if (text === '') return toRun(parse({}))
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'failure', problem: 'printed output that is not valid JSON' }
  }
  return toRun(parse(value))
}

async function invokeFunction<I, O>(
  hook: HookFunction<I, O>,
  input: I,
  parse: (value: unknown) => ParsedOutcome<O>,
  signal: AbortSignal,
): Promise<HookRun<O>> {
  const controller = new AbortController()
  const onAbort = (): void => controller.abort(signal.reason)
  signal.addEventListener('abort', onAbort, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  // A function cannot be killed: on timeout or cancellation its signal aborts and its late answer is ignored.
  const stopped = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`The hook timed out after ${defaultHookTimeoutMs} ms.`, 'TimeoutError'))
      resolve('timeout')
    }, defaultHookTimeoutMs)
    controller.signal.addEventListener('abort', () => resolve('timeout'), { once: true })
  })
  try {
    const answer = Promise.resolve().then(() => hook(input, { signal: controller.signal }))
    answer.catch(() => undefined)
    const value = await Promise.race([answer.then((outcome) => ({ outcome })), stopped])
    signal.throwIfAborted()
    if (value === 'timeout') return { kind: 'failure', problem: `timed out after ${defaultHookTimeoutMs} ms` }
    // Returning nothing is no opinion, like a command's empty stdout.
    return toRun(parse(value.outcome ?? {}))
  } catch (error) {
    signal.throwIfAborted()
    return { kind: 'failure', problem: `threw: ${error instanceof Error ? error.message : String(error)}` }
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  }
}

function toRun<O>(parsed: ParsedOutcome<O>): HookRun<O> {
  return parsed.ok ? { kind: 'outcome', outcome: parsed.outcome } : { kind: 'failure', problem: parsed.problem }
}
