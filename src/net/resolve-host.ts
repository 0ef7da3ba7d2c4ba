import { lookup } from 'node:dns/promises'
import type { IpFamily } from './ip-address.js'

/** One address a host name resolved to. */
export interface ResolvedAddress {
  readonly address: string
  readonly family: IpFamily
}

/**
 * Resolves a host name to every address it has. Injectable so tests can simulate DNS (failures,
 * several answers, rebinding) without touching the network.
 */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>

/**
 * The system resolver (`getaddrinfo` through `dns.promises.lookup`, so `/etc/hosts` counts), all
 * addresses in the order the system gives them.
 */
export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, order: 'verbatim' })
  return answers.flatMap((answer) =>
    answer.family === 4 || answer.family === 6 ? [{ address: answer.address, family: answer.family }] : [],
  )
}
