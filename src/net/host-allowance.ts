import { BlockList } from 'node:net'
import { ipFamily, stripZone } from './ip-address.js'

/**
 * Which URL hosts may reach addresses that are otherwise refused (loopback, private…).
 *
 * Entries name the host as the URL writes it, never the addresses a name resolves to:
 * - a host name (`intranet.example`) or a subdomain pattern (`*.corp.example`) lets that name
 *   reach whatever non-metadata addresses it resolves to;
 * - an IP address (`127.0.0.1`, `::1`) or CIDR (`10.0.0.0/8`, `fd00::/8`) lets URLs whose host is
 *   an IP literal inside it connect there, metadata addresses included, since they are named.
 *
 * So allowing `127.0.0.1` does not let `localhost`, or a public name an attacker points at
 * 127.0.0.1, through: a name must be allowed by name.
 */
export interface HostAllowance {
  /** True when `host` (a URL hostname, brackets and trailing dot allowed) is allowed by name. */
  allowsName(host: string): boolean
  /** True when `address` (an IP literal from the URL itself) is inside an allowed IP or CIDR. */
  allowsLiteral(address: string): boolean
}

/**
 * Compiles allowance entries. Entries that are neither a host name pattern nor a valid IP or CIDR
 * (a bad prefix length, say) can never match and are skipped; validating them is the profile's job.
 */
export function compileHostAllowance(entries: readonly string[]): HostAllowance {
  const names = new Set<string>()
  const suffixes: string[] = []
  const literals = new BlockList()
  for (const raw of entries) {
    const entry = normalizeHost(raw)
    if (entry === '') continue
    if (addLiteral(literals, entry)) continue
    if (entry.startsWith('*.')) suffixes.push(entry.slice(1))
    else if (!entry.includes('/')) names.add(entry)
  }
  return {
    allowsName(host) {
      const name = normalizeHost(host)
      return names.has(name) || suffixes.some((suffix) => name.endsWith(suffix) && name.length > suffix.length)
    },
    allowsLiteral(address) {
      const plain = stripZone(normalizeHost(address))
      const family = ipFamily(plain)
      return family !== undefined && literals.check(plain, family === 4 ? 'ipv4' : 'ipv6')
    },
  }
}

/** Lower-cases a host and removes URL brackets and one trailing dot (`Example.COM.` → `example.com`). */
export function normalizeHost(host: string): string {
  let value = host.trim().toLowerCase()
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1)
  if (value.endsWith('.')) value = value.slice(0, -1)
  return value
}

function addLiteral(list: BlockList, entry: string): boolean {
  const [network = '', prefix, extra] = entry.split('/')
  const family = ipFamily(network)
  if (family === undefined || extra !== undefined || network.includes('%')) return false
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (prefix === undefined) {
    list.addAddress(network, type)
    return true
  }
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN
  if (!(bits <= (family === 4 ? 32 : 128))) return true // a malformed CIDR: consumed, never matches
  list.addSubnet(network, bits, type)
  return true
}
