import { BlockList } from 'node:net'

/**
 * Why an address is not an ordinary public one. `public` is the only category a fetch may reach
 * without an allowance.
 */
export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmark'
  | 'metadata'
  | 'reserved'

type RefusedCategory = Exclude<AddressCategory, 'public'>
type RangeTable = ReadonlyArray<readonly [cidr: string, category: RefusedCategory]>

/**
 * IPv4 special-purpose ranges (IANA registry, RFC 6890 and successors) plus cloud metadata
 * endpoints. The first match wins, so single metadata addresses precede the ranges holding them.
 */
const ipv4Ranges: RangeTable = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OCI, DigitalOcean… instance metadata
  ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['168.63.129.16/32', 'metadata'], // Azure WireServer: a public address only Azure VMs reach
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/8', 'unspecified'], // "this network"; connecting to 0.0.0.0 reaches the local host
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'shared'], // carrier-grade NAT
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['240.0.0.0/4', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['198.18.0.0/15', 'benchmark'],
  ['224.0.0.0/4', 'multicast'],
]

/**
 * IPv6 special-purpose ranges. Forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4,
 * Teredo) are handled before this table; anything outside 2000::/3 is refused after it.
 */
const ipv6Ranges: RangeTable = [
  ['fd00:ec2::254/128', 'metadata'], // AWS instance metadata over IPv6
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // local-use NAT64 (RFC 8215)
  ['100::/64', 'reserved'], // discard-only
  ['2001:2::/48', 'benchmark'],
  ['2001:10::/28', 'reserved'], // ORCHID
  ['2001:20::/28', 'reserved'], // ORCHIDv2
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'], // SRv6 SIDs
  ['fc00::/7', 'private'], // unique local
  ['fec0::/10', 'private'], // deprecated site-local
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
]

interface CompiledRange {
  readonly list: BlockList
  readonly category: RefusedCategory
}

function compile(table: RangeTable, type: 'ipv4' | 'ipv6'): readonly CompiledRange[] {
  return table.map(([cidr, category]) => {
    const [network = '', prefix = ''] = cidr.split('/')
    const list = new BlockList()
    list.addSubnet(network, Number(prefix), type)
    return { list, category }
  })
}

const ipv4Compiled = compile(ipv4Ranges, 'ipv4')
const ipv6Compiled = compile(ipv6Ranges, 'ipv6')
const globalUnicast = new BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')

/** The category of a dotted-quad IPv4 address by the special-purpose table; `public` if none. */
export function ipv4RangeCategory(address: string): AddressCategory {
  return ipv4Compiled.find((range) => range.list.check(address, 'ipv4'))?.category ?? 'public'
}

/**
 * The category of an IPv6 address (without zone, and not one embedding IPv4) by the table; an
 * address outside global unicast 2000::/3 is `reserved`.
 */
export function ipv6RangeCategory(address: string): AddressCategory {
  const match = ipv6Compiled.find((range) => range.list.check(address, 'ipv6'))?.category
  if (match !== undefined) return match
  return globalUnicast.check(address, 'ipv6') ? 'public' : 'reserved'
}
