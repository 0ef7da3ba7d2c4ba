import { spawn } from 'node:child_process'
import { createServer, Socket } from 'node:net'
import { constants } from 'node:os'
import type { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { createStreamMux, type StreamMux } from './stream-mux.js'

/** The file descriptor on which the sandbox inherits its end of the carrier to the host's proxy. */
export const BRIDGE_CARRIER_FD = 3

/** How to start the bridge with the host's `node`: `node ...execArgv script program ...args`. */
export interface NetworkBridgeCommand {
  /** Node options the script needs: the TypeScript loader when running from source, else none. */
  readonly execArgv: string[]
  /** The absolute path of the bridge's entry module. */
  readonly script: string
}

/**
 * How to start the bridge: from the TypeScript sources when this module was loaded from them (the
 * tests, with the project's loader hook, which maps `.js` imports to `.ts`), else the built `.js`
 * beside this module. The sandbox must be able to read the script and what it imports (this
 * folder's `network-bridge*`, `stream-mux` and `mux-frames` modules).
 */
export function networkBridgeCommand(): NetworkBridgeCommand {
  const fromSource = import.meta.url.endsWith('.ts')
  return {
    execArgv: fromSource
      ? ['--import', fileURLToPath(new URL('../../../scripts/register-ts.ts', import.meta.url))]
      : [],
    script: fileURLToPath(
      new URL(fromSource ? './network-bridge-main.ts' : './network-bridge-main.js', import.meta.url),
    ),
  }
}

/** The proxy variables a program inside the sandbox gets, for a bridge listening on `port`. */
export function proxyEnvironment(port: number): Record<string, string> {
  const proxy = `http://127.0.0.1:${port}`
  return {
    HTTP_PROXY: proxy,
    HTTPS_PROXY: proxy,
    ALL_PROXY: proxy,
    http_proxy: proxy,
    https_proxy: proxy,
    all_proxy: proxy,
    // Empty, so that an inherited no_proxy cannot send a program around the proxy, where there is no network.
    NO_PROXY: '',
    no_proxy: '',
    NODE_USE_ENV_PROXY: '1',
  }
}

/**
 * The bridge, run inside the sandbox as `node <bridge> <program> [args...]`: takes fd 3 as the
 * carrier to the host's proxy, listens on 127.0.0.1 (a port the system picks), turns each TCP
 * connection into a stream of the carrier, and runs `program` with stdin, stdout and stderr
 * inherited and the proxy variables of {@link proxyEnvironment} set.
 *
 * The program does not inherit the carrier: Node marks the descriptors it inherits above stderr
 * close-on-exec when it starts (so with Node 20 and 24), and spawn passes on only stdin, stdout and
 * stderr. The program reaches the proxy through the port alone.
 *
 * @returns the program's exit code, 128 + n when signal n ended it, 127 when it cannot be found,
 * 126 when it cannot be run or fd 3 is no carrier, 2 without a program
 */
export async function runNetworkBridge(argv: readonly string[]): Promise<number> {
  const [program, ...args] = argv
  if (program === undefined) {
    process.stderr.write('usage: network-bridge <program> [args...]\n')
    return 2
  }
  let carrier: Socket
  try {
    carrier = new Socket({ fd: BRIDGE_CARRIER_FD, readable: true, writable: true })
  } catch (error) {
    process.stderr.write(`network-bridge: no carrier on fd ${BRIDGE_CARRIER_FD}: ${(error as Error).message}\n`)
    return 126
  }
  const mux = createStreamMux(carrier, { role: 'client' })
  const listener = createServer({ allowHalfOpen: true }, (socket) => relay(socket, mux))
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject)
    listener.listen(0, '127.0.0.1', resolve)
  })
  const { port } = listener.address() as { port: number }
  const child = spawn(program, args, { stdio: 'inherit', env: { ...process.env, ...proxyEnvironment(port) } })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  for (const signal of forwardedSignals) process.on(signal, forward)
  return new Promise<number>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      process.stderr.write(`network-bridge: cannot run ${program}: ${error.message}\n`)
      resolve(error.code === 'ENOENT' ? 127 : 126)
    })
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal])))
  })
}

const forwardedSignals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']

/** One TCP connection of the program as one stream of the carrier, half-closes included. */
function relay(socket: Socket, mux: StreamMux): void {
  const stream: Duplex = mux.openStream()
  socket.on('error', () => stream.destroy())
  stream.on('error', () => socket.destroy())
  // A clean end on one side half-closes the other through the pipes; anything else is an abort.
  socket.once('close', () => {
    if (socket.errored !== null || !socket.readableEnded) stream.destroy()
  })
  socket.pipe(stream)
  stream.pipe(socket)
}
