import { spawnBounded, type BoundedProcess } from '../../spawn/spawn-bounded.js'
import { BoundedOutput } from './bounded-output.js'
import type { CommandHook } from './hook-types.js'

/** Bytes kept of a hook's stdout and of its stderr; the rest is read and dropped. */
export const hookOutputLimit = 64 * 1024
/** A command hook's time limit when it sets none. */
export const defaultHookTimeoutMs = 10_000
// After a kill, how long to wait for the pipes to close before giving up on them.
const pipeCloseGraceMs = 1000

/** A command hook that ran to an exit code. */
export interface HookCommandExit {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
  readonly stdoutTruncated: boolean
  readonly stderrTruncated: boolean
}

/** How running a command hook went: an exit code, or why there is none. */
export type HookCommandRun =
  { readonly ok: true; readonly exit: HookCommandExit } | { readonly ok: false; readonly problem: string }

/**
 * Runs a command hook: spawns it without a shell, bounded ({@link spawnBounded}: nothing it starts
 * outlives it), writes `payload` as JSON on stdin and collects bounded stdout and stderr. On timeout
 * it is killed with everything it started; when the hook exits, processes it left behind are
 * killed too.
 *
 * @throws the signal's reason when `signal` aborts (the hook is killed first).
 */
export async function runHookCommand(
  hook: CommandHook,
  payload: unknown,
  signal: AbortSignal,
): Promise<HookCommandRun> {
  signal.throwIfAborted()
  const timeoutMs = hook.timeoutMs ?? defaultHookTimeoutMs
  let bounded: BoundedProcess
  try {
    bounded = await spawnBounded(hook.command, hook.args ?? [])
  } catch (error) {
    return { ok: false, problem: `could not be started: ${messageOf(error)}` }
  }
  const { child } = bounded
  return new Promise((resolve, reject) => {
    const stdout = new BoundedOutput(hookOutputLimit)
    const stderr = new BoundedOutput(hookOutputLimit)
    let stopping: 'timeout' | 'abort' | undefined
    let settled = false
    let closeTimer: ReturnType<typeof setTimeout> | undefined

    const finish = (settle: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timeoutTimer)
      clearTimeout(closeTimer)
      signal.removeEventListener('abort', onAbort)
      settle()
    }

    const conclude = (exitCode: number | null, exitSignal: NodeJS.Signals | null): void =>
      finish(() => {
        if (stopping === 'abort') reject(signal.reason)
        else if (stopping === 'timeout') resolve({ ok: false, problem: `timed out after ${timeoutMs} ms` })
        else if (exitCode === null) resolve({ ok: false, problem: `was killed by ${exitSignal ?? 'a signal'}` })
        else {
          const exit = {
            exitCode,
            stdout: stdout.text(),
            stderr: stderr.text(),
            stdoutTruncated: stdout.truncated,
            stderrTruncated: stderr.truncated,
          }
          resolve({ ok: true, exit })
        }
      })

    const stop = (why: 'timeout' | 'abort'): void => {
      if (settled || stopping !== undefined) return
      stopping = why
      bounded.kill()
      closeTimer = setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
        conclude(null, 'SIGKILL')
      }, pipeCloseGraceMs)
    }

    const timeoutTimer = setTimeout(() => stop('timeout'), timeoutMs)
    const onAbort = (): void => stop('abort')
    signal.addEventListener('abort', onAbort, { once: true })
    if (signal.aborted) onAbort()

    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('error', (error) => {
      bounded.kill()
      finish(() => resolve({ ok: false, problem: `could not be started: ${messageOf(error)}` }))
    })
    child.on('close', (code, closeSignal) => {
      // A failed spawn also closes, with a negative errno as the code; 'error' has reported it.
      if (child.pid !== undefined) conclude(code, closeSignal)
    })
    // A hook need not read its input; a pipe it closed early is no error.
    child.stdin.on('error', () => undefined)
    child.stdin.end(JSON.stringify(payload))
  })
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
