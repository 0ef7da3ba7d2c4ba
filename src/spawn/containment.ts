import { execFile } from 'node:child_process'
import { delimiter } from 'node:path'
import { findExecutable, systemDirs } from './find-executable.js'

/**
 * How spawned programs are kept from outliving their call:
 * - `pid-namespace`: the program starts as the first process of a PID namespace of its own
 *   (`unshare --pid --fork --kill-child`, inside a user namespace when the host is not root); when
 *   it ends, or is killed, the kernel kills everything else in the namespace, however it was
 *   detached. With `setpriv --pdeathsig`, a host that dies without closing takes it along too.
 * - `marker`: Linux without usable namespaces: every process of a spawn carries a random token in its
 *   environment and is found in `/proc` and killed with the process group. A program that clears
 *   its environment (or execs with an empty one) escapes this.
 * - `group`: elsewhere, only the process group is killed.
 */
export type Containment =
  | {
      readonly kind: 'pid-namespace'
      readonly wrapper: readonly [string, ...string[]]
      readonly userNamespace: boolean
      readonly parentDeathSignal: boolean
    }
  | { readonly kind: 'marker' }
  | { readonly kind: 'group' }

const probeTimeoutMs = 10_000

let detected: Promise<Containment> | undefined

/** The strongest containment this machine offers, found once per process. */
export function containment(): Promise<Containment> {
  detected ??= detectContainment(process.platform, process.env.PATH)
  return detected
}

/** Tries each way to bound a spawn, strongest first, by running a tiny program with it. */
export async function detectContainment(platform: NodeJS.Platform, pathVar: string | undefined): Promise<Containment> {
  if (platform !== 'linux') return { kind: 'group' }
  const unshare = findExecutable('unshare', pathVar)
  if (unshare === undefined) return { kind: 'marker' }
  const setpriv = findExecutable('setpriv', pathVar)
  for (const candidate of namespaceCandidates(unshare, setpriv)) {
    if (await runsAsNamespaceInit(candidate.wrapper)) return candidate
  }
  return { kind: 'marker' }
}

/**
 * The wrappers to try. The program becomes the namespace's init: `--kill-child` kills it when
 * unshare dies, and its end kills the rest. Without root a user namespace maps the user to itself.
 */
function namespaceCandidates(
  unshare: string,
  setpriv: string | undefined,
): Extract<Containment, { kind: 'pid-namespace' }>[] {
  const plain = ['--pid', '--fork', '--kill-child', '--']
  const asUser = ['--map-current-user', ...plain]
  const candidates: Extract<Containment, { kind: 'pid-namespace' }>[] = []
  for (const parentDeathSignal of setpriv === undefined ? [false] : [true, false]) {
    const prefix: string[] =
      parentDeathSignal && setpriv !== undefined ? [setpriv, '--pdeathsig', 'KILL', '--', unshare] : [unshare]
    for (const flags of [plain, asUser]) {
      const [file = unshare, ...rest] = [...prefix, ...flags]
      candidates.push({
        kind: 'pid-namespace',
        wrapper: [file, ...rest],
        userNamespace: flags === asUser,
        parentDeathSignal,
      })
    }
  }
  return candidates
}

function runsAsNamespaceInit(wrapper: readonly [string, ...string[]]): Promise<boolean> {
  const [file, ...args] = wrapper
  return new Promise((resolve) => {
    try {
      execFile(
        file,
        [...args, '/bin/sh', '-c', 'test "$$" = 1'],
        { timeout: probeTimeoutMs, killSignal: 'SIGKILL', env: { PATH: systemDirs.join(delimiter) } },
        (error) => resolve(error === null),
      )
    } catch {
      resolve(false)
    }
  })
}
