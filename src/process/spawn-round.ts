import { BoundedOutput } from '../permissions/hooks/bounded-output.js'
import { spawnBounded, type BoundedProcess } from '../spawn/spawn-bounded.js'
import type { SpawnTracker } from '../spawn/spawn-tracker.js'

/** One spawn of a process tool. */
export interface RoundSpawn {
  /** The program (a path, or a name looked up on the PATH of `env`) and its arguments. */
  readonly command: readonly [string, ...string[]]
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  /** Written to stdin, which is then closed. */
  readonly input: string
  readonly timeoutMs: number
  /** Stops the process (its whole group) when aborted. */
  readonly signal: AbortSignal
  readonly maxStdoutBytes: number
  readonly maxStderrBytes: number
  /** Between SIGTERM and SIGKILL. */
  readonly killGraceMs: number
  /** Also tracks the process here, so that its owner can kill it when closing. */
  readonly tracker?: SpawnTracker
}

/** What the process left on stderr (bounded), and how long it ran. */
interface RoundTrace {
  readonly stderr: string
  readonly stderrTruncated: boolean
  readonly durationMs: number
}

/** How one spawn ended. */
export type RoundOutcome =
  | (RoundTrace & {
      readonly kind: 'exited'
      readonly exitCode: number | null
      readonly exitSignal: NodeJS.Signals | null
      readonly stdout: string
    })
  /** Stopped by the host: out of time, aborted, or more stdout than allowed. */
  | (RoundTrace & { readonly kind: 'timeout' | 'aborted' | 'too_large' })
  | { readonly kind: 'spawn_failed'; readonly message: string }

// After the final SIGKILL, how long to wait for the pipes to close before giving up on them.
const pipeCloseGraceMs = 1000

/**
 * Runs a command once, without a shell, bounded ({@link spawnBounded}: nothing it starts outlives
 * it), with `input` on stdin and stdout and stderr collected up to their limits. At the time limit,
 * on abort, or once stdout passes its limit, the process group gets SIGTERM and, `killGraceMs`
 * later, everything the process started gets SIGKILL. When the process exits, whatever it left
 * running is killed. Never rejects.
 */
export async function spawnRound(round: RoundSpawn): Promise<RoundOutcome> {
  if (round.signal.aborted) return { kind: 'aborted', stderr: '', stderrTruncated: false, durationMs: 0 }
  const started = performance.now()
  let bounded: BoundedProcess
  try {
    const [program, ...args] = round.command
    bounded = await spawnBounded(program, args, {
      cwd: round.cwd,
      env: round.env,
      ...(round.tracker !== undefined && { tracker: round.tracker }),
    })
  } catch (error) {
    return { kind: 'spawn_failed', message: messageOf(error) }
  }
  const { child } = bounded
  return new Promise((resolve) => {
    const stdout = new BoundedOutput(round.maxStdoutBytes)
    const stderr = new BoundedOutput(round.maxStderrBytes)
    let stopping: 'timeout' | 'aborted' | 'too_large' | undefined
    let settled = false
    const timers: ReturnType<typeof setTimeout>[] = []

    const finish = (outcome: RoundOutcome): void => {
      if (settled) return
      settled = true
      for (const timer of timers) clearTimeout(timer)
      round.signal.removeEventListener('abort', onAbort)
      resolve(outcome)
    }
    const trace = (): RoundTrace => ({
      stderr: stderr.text(),
      stderrTruncated: stderr.truncated,
      durationMs: Math.round(performance.now() - started),
    })

    const stop = (why: 'timeout' | 'aborted' | 'too_large'): void => {
      if (settled || stopping !== undefined) return
      stopping = why
      bounded.terminate()
      timers.push(
        setTimeout(() => {
          bounded.kill()
          timers.push(
            setTimeout(() => {
              child.stdout.destroy()
              child.stderr.destroy()
              finish({ kind: why, ...trace() })
            }, pipeCloseGraceMs),
          )
        }, round.killGraceMs),
      )
    }

    timers.push(setTimeout(() => stop('timeout'), round.timeoutMs))
    const onAbort = (): void => stop('aborted')
    round.signal.addEventListener('abort', onAbort, { once: true })
    if (round.signal.aborted) onAbort()

    child.stdout.on('data', (chunk: Buffer) => {
      stdout.push(chunk)
      if (stdout.truncated) stop('too_large')
    })
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('error', (error) => {
      bounded.kill()
      finish({ kind: 'spawn_failed', message: messageOf(error) })
    })
    child.on('close', (exitCode, exitSignal) => {
      // A failed spawn also closes, with a negative errno as the code; 'error' has reported it.
      if (child.pid === undefined) return
      if (stopping !== undefined) finish({ kind: stopping, ...trace() })
      else finish({ kind: 'exited', exitCode, exitSignal, stdout: stdout.text(), ...trace() })
    })
    // A process need not read its input; a pipe it closed early is no error.
    child.stdin.on('error', () => undefined)
    child.stdin.end(round.input)
  })
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
