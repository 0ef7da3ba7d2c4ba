import { PassThrough, Readable, type Writable } from 'node:stream'
import { existsSync, realpathSync } from 'node:fs'
import { constants } from 'node:os'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Socket } from 'node:net'
import { spawnBounded } from '../spawn/spawn-bounded.js'
import type { SpawnTracker } from '../spawn/spawn-tracker.js'
import { bwrapArgs, privateDirs } from './bwrap-args.js'
import { dieWithHost } from '../spawn/find-executable.js'
import { seccompFd } from './detect-sandbox.js'
import { hiddenPaths } from './hidden-paths.js'
import { networkBridgeCommand, proxyEnvironment } from './network/network-bridge.js'
import type { SharedNetwork } from './shared-network.js'
import type { ProxyDecision, SandboxNetworkRules } from './network/network-proxy.js'
import type { SandboxMount, SandboxPolicy } from './sandbox-policy.js'
import { unixSocketFilter } from './seccomp-filter.js'

/** toolhost's package (its sources or `dist/`, and its dependencies). */
const packageRoot = realpathSync(fileURLToPath(new URL('../../', import.meta.url)))

/** The file descriptor bubblewrap reports on once the sandbox is set up. */
const infoFd = 5

/** The file descriptor the network route is passed on, when the policy has a network. */
const networkFd = 3

/** How {@link startSandboxed} runs a command besides its policy. */
export interface SandboxStartOptions {
  /** The bubblewrap program ({@link sandboxSupport}). */
  readonly bwrap: string
  /** Host paths to hide besides other users' homes (`~/` allowed), e.g. the data directory and `~/.ssh`. */
  readonly hide: readonly string[]
  /** Domains the command may reach through the host's proxy; absent: no network at all. */
  readonly network?: SandboxNetworkRules
  /**
   * The run's network namespace to run in (see {@link sharedNetwork}); its rules then apply, and
   * `network` is not used. Without it the command gets a namespace of its own.
   */
  readonly sharedNetwork?: SharedNetwork
  /** Also tracks the sandbox, so that its owner can kill it when closing. */
  readonly tracker?: SpawnTracker
  /** `pipe` keeps the command's stdin open as {@link SandboxedProcess.stdin}; by default it is closed at once. */
  readonly stdin?: 'pipe' | 'closed'
}

/** How a sandboxed command ended. */
export interface SandboxExit {
  /** The command's exit code; 128 + n when signal n killed it. */
  readonly exitCode: number
  /** What bubblewrap itself reported when it could not set the sandbox up (exit code 1 then). */
  readonly sandboxError?: string
}

/** A command running in the sandbox. */
export interface SandboxedProcess {
  /** stdout and stderr of the command, merged in the order written. */
  readonly output: Readable
  /** The command's stdin, when started with `stdin: 'pipe'`. */
  readonly stdin?: Writable
  /** Settles once the command and everything it started have ended and `output` has been read to its end. */
  readonly exit: Promise<SandboxExit>
  /** Kills the command and everything it started. */
  kill(): void
  /** The hosts the command asked the proxy for, allowed or not. */
  networkRequests(): readonly ProxyDecision[]
}

/**
 * Starts `argv` in a bubblewrap sandbox under `policy` (see {@link bwrapArgs}): the seccomp filter
 * that blocks Unix sockets, the policy's limits, and, with `network`, the proxy bridge as the one
 * route out. Everything in the sandbox dies when it is killed, when its tracker closes, and with
 * the host.
 *
 * @example
 * const run = await startSandboxed(policy, ['/bin/bash', '-c', 'git status'], { bwrap, hide: ['~/.ssh'] })
 * run.output.on('data', (chunk) => process.stdout.write(chunk))
 * const { exitCode } = await run.exit
 */
export async function startSandboxed(
  policy: SandboxPolicy,
  argv: readonly string[],
  options: SandboxStartOptions,
): Promise<SandboxedProcess> {
  const filter = unixSocketFilter()
  if (filter === undefined) throw new Error(`No seccomp filter for ${process.arch} processors.`)
  const hidden = hiddenPaths(
    options.hide,
    policy.mounts.map((mount) => mount.hostDir),
  )
  const shared = options.sharedNetwork
  const bridge = options.network === undefined || shared !== undefined ? undefined : networkBridgeCommand()
  const command = bridge === undefined ? argv : [process.execPath, ...bridge.execArgv, bridge.script, ...argv]
  // The program itself (toolhost's node for a REPL), and the bridge with toolhost's own files, must
  // show where a private /tmp would hide them.
  const [program0] = command
  const programs = [
    ...(program0?.startsWith('/') === true && existsSync(program0) ? [dirname(realpathSync(program0))] : []),
    ...(bridge === undefined ? [] : [dirname(realpathSync(process.execPath)), packageRoot]),
  ]
  const mounts = [
    ...policy.mounts,
    ...programs
      .filter((dir) => needsBind(dir, policy.mounts))
      .map((hostDir) => ({ hostDir, access: 'read-only' as const })),
  ]
  const env = shared?.proxyUrl === undefined ? policy.env : { ...policy.env, ...proxyVariables(shared.proxyUrl) }
  const args = bwrapArgs(
    { ...policy, mounts, env },
    { hidden, seccompFd, infoFd, shareNetwork: shared !== undefined, keepFd3: bridge !== undefined },
    command,
  )
  const [program = options.bwrap, ...programArgs] = [
    ...dieWithHost(),
    ...(shared === undefined ? [] : shared.enter),
    options.bwrap,
    ...args,
  ]
  const bounded = await spawnBounded(program, programArgs, {
    cwd: policy.cwd,
    env: { PATH: process.env.PATH },
    containment: { kind: 'group' },
    extraPipes: 3,
    ...(options.tracker !== undefined && { tracker: options.tracker }),
  })
  const { child } = bounded
  if (options.stdin === 'pipe') child.stdin.on('error', () => undefined)
  else child.stdin.end()
  const filterPipe = child.stdio[seccompFd]
  if (filterPipe !== null && filterPipe !== undefined && 'end' in filterPipe) {
    filterPipe.on('error', () => undefined)
    filterPipe.end(filter)
  }
  const carrier = child.stdio[networkFd]
  // Loaded when a command has a network of its own: listing tools never loads the HTTP proxy.
  const proxy =
    bridge === undefined || options.network === undefined || carrier === null || carrier === undefined
      ? undefined
      : (await import('./network/network-proxy.js')).serveSandboxNetwork(carrier as Socket, options.network)
  if (proxy === undefined && carrier !== null && carrier !== undefined) carrier.destroy()
  let sandboxMessages = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text: string) => {
    if (sandboxMessages.length < 4096) sandboxMessages += text
  })
  const exit = new Promise<SandboxExit>((resolve) => {
    child.once('close', (code, signal) => {
      proxy?.close()
      const exitCode = code ?? 128 + signalNumber(signal)
      const message = sandboxMessages.trim()
      resolve(message.startsWith('bwrap:') ? { exitCode, sandboxError: message } : { exitCode })
    })
  })
  // Until bubblewrap has set the sandbox up, a host killed at once could leave it running: the death
  // signal of its parent is armed only by then. Callers learn of a command only once it is.
  // Node discards the output of a child that ends while nothing reads it: it is taken up at once,
  // and the end is told only once the reader has had all of it.
  const output = child.stdout.pipe(new PassThrough())
  const outputRead = new Promise<void>((resolve) => {
    output.once('end', resolve)
    output.once('close', resolve)
  })
  const sandboxPid = await setUp((child.stdio as readonly unknown[])[infoFd])
  let ended = false
  child.once('exit', () => (ended = true))
  // The sandbox runs in a session of its own, and may not yet have armed its death signal when
  // bubblewrap is killed: it is killed by its pid too (its end ends its PID namespace).
  const kill = (): void => {
    if (!ended && sandboxPid !== undefined) {
      try {
        process.kill(sandboxPid, 'SIGKILL')
      } catch {
        // Gone already.
      }
    }
    bounded.kill()
  }
  return {
    output,
    ...(options.stdin === 'pipe' && { stdin: child.stdin }),
    exit: exit.then(async (ended) => {
      await outputRead
      return ended
    }),
    kill,
    networkRequests: () => shared?.networkRequests() ?? proxy?.requests ?? [],
  }
}

/**
 * Settles when bubblewrap has written its info and closed the descriptor (with the pid of the
 * sandbox's first process), or ended without.
 */
function setUp(info: unknown): Promise<number | undefined> {
  if (!(info instanceof Readable)) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    let text = ''
    const done = (): void => {
      const pid = /"child-pid":\s*(\d+)/.exec(text)?.[1]
      resolve(pid === undefined ? undefined : Number(pid))
    }
    info.setEncoding('utf8')
    info.on('data', (chunk: string) => (text += chunk))
    info.on('error', done)
    info.on('close', done)
  })
}

/** The proxy variables for a proxy at `url` (`http://127.0.0.1:PORT`). */
function proxyVariables(url: string): Record<string, string> {
  return proxyEnvironment(Number(new URL(url).port))
}

/** Whether `dir` would be out of sight: under a private directory and in no mount. */
function needsBind(dir: string, mounts: readonly SandboxMount[]): boolean {
  const inside = (parent: string) => dir === parent || dir.startsWith(`${parent}/`)
  return privateDirs.some(inside) && !mounts.some((mount) => inside(mount.hostDir))
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal === null ? 0 : constants.signals[signal]
}
