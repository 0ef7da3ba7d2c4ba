import { readlinkSync } from 'node:fs'
import type { Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { spawnBounded, type BoundedProcess } from '../spawn/spawn-bounded.js'
import { dieWithHost, findExecutable } from '../spawn/find-executable.js'
import { networkBridgeCommand } from './network/network-bridge.js'
import type { ProxyDecision, SandboxNetwork, SandboxNetworkRules } from './network/network-proxy.js'

/**
 * A network namespace the commands of one run share, held open by a small process of its own: a
 * server a background command starts on 127.0.0.1 is reachable from the run's later commands, and
 * nothing else is. With rules, the holder runs the proxy bridge, and the namespace's one route out
 * is the host's proxy.
 */
export interface SharedNetwork {
  /** The command that enters the namespace before bubblewrap runs: `nsenter --net=/proc/N/ns/net …`. */
  readonly enter: readonly string[]
  /** The proxy's URL inside the namespace, when the rules allow any domain. */
  readonly proxyUrl?: string
  /** The hosts asked for through the proxy so far. */
  networkRequests(): readonly ProxyDecision[]
  /** Ends the holder, the proxy and every connection. */
  close(): void
}

const startTimeoutMs = 15_000
const networks = new Map<string, Promise<SharedNetwork>>()

/**
 * The shared network kept under `key` (a run), started on first use. Undefined where it cannot be
 * had (no `nsenter`): commands then get a network namespace each.
 */
export async function sharedNetwork(
  key: string,
  bwrap: string,
  rules: SandboxNetworkRules | undefined,
): Promise<SharedNetwork | undefined> {
  const nsenter = findExecutable('nsenter', process.env.PATH)
  if (nsenter === undefined) return undefined
  const id = `${key}\n${JSON.stringify(rules ?? null)}`
  let network = networks.get(id)
  if (network === undefined) {
    // A holder that ended is forgotten at once: its pid could be taken by another process's namespace.
    network = startHolder(nsenter, bwrap, rules, () => networks.delete(id))
    networks.set(id, network)
    network.catch(() => networks.delete(id))
  }
  return network
}

/** Closes the shared networks whose key starts with `prefix` (a run's key and a newline: that run's). */
export async function closeSharedNetworks(prefix: string): Promise<void> {
  for (const [id, network] of networks) {
    if (!id.startsWith(prefix)) continue
    networks.delete(id)
    await network.then((held) => held.close()).catch(() => undefined)
  }
}

async function startHolder(
  nsenter: string,
  bwrap: string,
  rules: SandboxNetworkRules | undefined,
  ended: () => void,
): Promise<SharedNetwork> {
  const bridge = rules === undefined ? undefined : networkBridgeCommand()
  const wait = ['/bin/sh', '-c', bridge === undefined ? 'read _' : 'echo "$HTTP_PROXY"; read _']
  const program = bridge === undefined ? wait : [process.execPath, ...bridge.execArgv, bridge.script, ...wait]
  // No --dev or --proc: unprivileged bubblewrap then needs no second user namespace, so the one
  // that owns the network namespace is the holder's, and nsenter can join it.
  const [file = bwrap, ...args] = [
    ...dieWithHost(),
    bwrap,
    ...['--ro-bind', '/', '/', '--unshare-net', '--die-with-parent', '--info-fd', '4', '--', ...program],
  ]
  const holder = await spawnBounded(file, args, { containment: { kind: 'group' }, extraPipes: 2 })
  holder.child.once('exit', ended)
  const carrier = holder.child.stdio[3] as Socket
  const proxy: SandboxNetwork | undefined =
    rules === undefined ? undefined : (await import('./network/network-proxy.js')).serveSandboxNetwork(carrier, rules)
  if (proxy === undefined) carrier.destroy()
  try {
    const childPid = await readChildPid(holder)
    const proxyUrl = bridge === undefined ? undefined : await firstLine(holder)
    return {
      enter: [nsenter, ...joinArgs(childPid), '--'],
      ...(proxyUrl !== undefined && { proxyUrl }),
      networkRequests: () => proxy?.requests ?? [],
      close: () => {
        proxy?.close()
        holder.kill()
      },
    }
  } catch (error) {
    proxy?.close()
    holder.kill()
    throw error
  }
}

/** nsenter's arguments for the holder's namespace: its user namespace too when it has its own. */
function joinArgs(pid: number): string[] {
  const net = `--net=/proc/${pid}/ns/net`
  const own = readlinkSync('/proc/self/ns/user')
  return readlinkSync(`/proc/${pid}/ns/user`) === own
    ? [net]
    : [`--user=/proc/${pid}/ns/user`, net, '--preserve-credentials']
}

/** The pid of the holder's sandboxed process, from bubblewrap's info. */
function readChildPid(holder: BoundedProcess): Promise<number> {
  const info = holder.child.stdio[4] as Socket
  return withTimeout(
    new Promise((resolve, reject) => {
      let text = ''
      info.setEncoding('utf8')
      info.on('data', (chunk: string) => (text += chunk))
      info.once('end', () => {
        const pid = /"child-pid":\s*(\d+)/.exec(text)?.[1]
        if (pid === undefined) reject(new Error(`bubblewrap gave no child pid: ${text.trim() || 'nothing'}`))
        else resolve(Number(pid))
      })
    }),
    holder,
  )
}

function firstLine(holder: BoundedProcess): Promise<string> {
  const lines = createInterface({ input: holder.child.stdout })
  return withTimeout(new Promise((resolve) => lines.once('line', (line) => resolve(line.trim()))), holder)
}

function withTimeout<T>(promise: Promise<T>, holder: BoundedProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the network holder did not start')), startTimeoutMs)
    holder.child.once('exit', () => reject(new Error('the network holder ended at start')))
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}
