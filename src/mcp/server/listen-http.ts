import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isLoopback, loopbackHosts } from './loopback.js'

/** Where an HTTP server listens once it does. */
export interface Listening {
  readonly port: number
  /** `http://host:port`, with an IPv6 address in brackets. */
  readonly origin: string
  /** The `Host` values requests may carry (lower case): the loopback names, or the bound address. */
  readonly hosts: readonly string[]
}

/** Starts `server` on `bind`:`port` (0 picks a free port) and says where it listens. */
export async function listenHttp(server: Server, bind: string, port: number): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, bind, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  const hosts = (isLoopback(bind) ? loopbackHosts(bound) : [`${bind}:${bound}`]).map((h) => h.toLowerCase())
  const urlHost = bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind
  return { port: bound, origin: `http://${urlHost}:${bound}`, hosts }
}

/** Closes `server` and every connection it has open. */
export async function closeHttp(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}
