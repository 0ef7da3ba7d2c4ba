import { isIPv4, isIPv6 } from 'node:net'

/** An IP address family. */
export type IpFamily = 4 | 6

/**
 * Removes an IPv6 zone index (`fe80::1%eth0` → `fe80::1`). Resolvers return scoped link-local
 * addresses in this form, and `BlockList` does not match them with the zone attached.
 */
export function stripZone(address: string): string {
  const percent = address.indexOf('%')
  return percent === -1 ? address : address.slice(0, percent)
}

/**
 * The family of an IP literal in its plain form (dotted quad or RFC 4291 text, an optional zone
 * index), or `undefined` for anything else, including URL brackets and legacy IPv4 notations.
 */
export function ipFamily(address: string): IpFamily | undefined {
  if (isIPv4(address)) return 4
  if (isIPv6(stripZone(address))) return 6
  return undefined
}

/** The four bytes of a dotted-quad IPv4 address, or `undefined` when `text` is not one. */
export function parseIpv4(text: string): Uint8Array | undefined {
  if (!isIPv4(text)) return undefined
  return Uint8Array.from(text.split('.'), Number)
}

/** Formats four bytes as a dotted quad. */
export function formatIpv4(bytes: ArrayLike<number>): string {
  return Array.from({ length: 4 }, (_, i) => bytes[i] ?? 0).join('.')
}

/**
 * The sixteen bytes of an IPv6 address (any RFC 4291 text form: `::` compression, a dotted IPv4
 * tail, a zone index), or `undefined` when `text` is not one. Validation is left to `node:net`;
 * this only expands a form already known to be valid.
 */
export function parseIpv6(text: string): Uint8Array | undefined {
  let address = stripZone(text)
  if (!isIPv6(address)) return undefined
  const lastColon = address.lastIndexOf(':')
  const tail = parseIpv4(address.slice(lastColon + 1))
  if (tail !== undefined) {
    // Rewrite the dotted tail as two hex groups so that one expansion handles every form.
    const high = ((tail[0] ?? 0) << 8) | (tail[1] ?? 0)
    const low = ((tail[2] ?? 0) << 8) | (tail[3] ?? 0)
    address = `${address.slice(0, lastColon + 1)}${high.toString(16)}:${low.toString(16)}`
  }
  const [left = '', right] = address.split('::')
  const leftGroups = left === '' ? [] : left.split(':')
  const rightGroups = right === undefined || right === '' ? [] : right.split(':')
  const zeros = right === undefined ? 0 : 8 - leftGroups.length - rightGroups.length
  const groups = [...leftGroups, ...Array<string>(zeros).fill('0'), ...rightGroups]
  if (groups.length !== 8) return undefined
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16)
    bytes[i * 2] = value >> 8
    bytes[i * 2 + 1] = value & 0xff
  })
  return bytes
}
