import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { containment, type Containment } from './containment.js'
import { spawnMarkerName, sweepMarked } from './marker-sweep.js'
import { watchNamespaceInit } from './namespace-init.js'
import { assertRunnable } from './resolve-program.js'
import { everySpawn, killAllOnExit, type SpawnTracker } from './spawn-tracker.js'

/** How a bounded program is started. */
export interface BoundedSpawnOptions {
  /** The working directory; the host's when omitted. */
  readonly cwd?: string
  /** The program's whole environment; the host's when omitted. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** Also tracks the process there, so that its owner can kill it when closing. */
  readonly tracker?: SpawnTracker
  /** How to bound it; the strongest the machine offers ({@link containment}) when omitted. */
  readonly containment?: Containment
  /** Pipes beyond stdin, stdout and stderr, at file descriptors 3, 4, …: `child.stdio[3]`, … */
  readonly extraPipes?: number
}

/** A running bounded program: stdin, stdout and stderr are pipes. */
export interface BoundedProcess {
  /** The process the host waits for: the program, or the wrapper that relays its exit. */
  readonly child: ChildProcessWithoutNullStreams
  /** How it is bounded. */
  readonly containment: Containment['kind']
  /**
   * Asks the program and its process group to stop (SIGTERM). A namespace's init is killed once
   * SIGTERM's default action applies to it, so its exit may then read as a kill.
   */
  terminate(): void
  /** Kills the program and everything it started, wherever that went (SIGKILL). */
  kill(): void
}

/**
 * Spawns `program` (no shell; a bare name is looked up on the PATH of `env`) at the head of a
 * process group of its own, bounded by the machine's strongest {@link Containment}: when the
 * program exits, when {@link BoundedProcess.kill} is called, when its tracker is closed, and when
 * the host process exits, every process it started is killed, including those that left the
 * group with `setsid` or a double fork.
 *
 * In a PID namespace the program is the namespace's init: signals it has no handler for do not
 * reach it (SIGKILL does; `terminate()` kills it when SIGTERM would have), and pids it sees are
 * the namespace's own.
 *
 * @throws the spawn error (`spawn <program> ENOENT`, …) when the program cannot be started.
 */
export async function spawnBounded(
  program: string,
  args: readonly string[],
  options: BoundedSpawnOptions = {},
): Promise<BoundedProcess> {
  const how = options.containment ?? (await containment())
  const cwd = options.cwd ?? process.cwd()
  const env: Record<string, string | undefined> = { ...(options.env ?? process.env) }
  // Windows finds programs by PATHEXT too; its spawn reports what it cannot start, and no wrapper runs there.
  if (process.platform !== 'win32') assertRunnable(program, cwd, env.PATH)
  const token = how.kind === 'marker' ? randomBytes(16).toString('hex') : undefined
  if (token !== undefined) env[spawnMarkerName] = token
  const [file, ...argv] = how.kind === 'pid-namespace' ? [...how.wrapper, program, ...args] : [program, ...args]
  // `detached` makes a new process group, so that the program's helpers get its signals.
  const child = spawn(file ?? program, argv, {
    cwd,
    env,
    shell: false,
    detached: process.platform !== 'win32',
    stdio: ['pipe', 'pipe', 'pipe', ...Array.from({ length: options.extraPipes ?? 0 }, () => 'pipe' as const)],
    windowsHide: true,
  })

  let terminating = false
  const running = () => child.pid !== undefined && child.exitCode === null && child.signalCode === null
  const signalAll = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return
    try {
      if (process.platform === 'win32') child.kill(signal)
      else process.kill(-child.pid, signal)
    } catch {
      // The group is gone.
    }
  }
  const bounded: BoundedProcess = {
    child,
    containment: how.kind,
    terminate: () => {
      signalAll('SIGTERM')
      if (how.kind === 'pid-namespace' && child.pid !== undefined && !terminating)
        watchNamespaceInit(child.pid, () => !running())
      terminating = true
    },
    kill: () => {
      // Killing the wrapper (unshare) makes the kernel kill the namespace's init, and so all of it.
      if (running()) child.kill('SIGKILL')
      signalAll('SIGKILL')
      if (token !== undefined) sweepMarked(token)
    },
  }
  const untrack = [
    everySpawn.track(bounded),
    ...(options.tracker === undefined ? [] : [options.tracker.track(bounded)]),
  ]
  killAllOnExit()
  const done = (): void => {
    for (const stop of untrack) stop()
  }
  // What the program leaves running when it exits is left over, and would hold its pipes open.
  child.once('exit', () => {
    bounded.kill()
    done()
  })
  child.once('error', () => {
    if (child.pid === undefined) done()
  })
  return bounded
}
