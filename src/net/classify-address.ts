import type { IpFamily } from './ip-address.js'
import { formatIpv4, parseIpv4, parseIpv6, stripZone } from './ip-address.js'
import type { AddressCategory } from './special-ranges.js'
import { ipv4RangeCategory, ipv6RangeCategory } from './special-ranges.js'

export type { AddressCategory } from './special-ranges.js'

/** An IPv6 form that carries an IPv4 address, which then decides where traffic really goes. */
export type Ipv4EmbeddingForm = 'ipv4-mapped' | 'ipv4-translated' | 'ipv4-compatible' | 'nat64' | '6to4' | 'teredo'

/** What an IP address is, for deciding whether a fetch may connect to it. */
export interface AddressClassification {
  /** The address as classified (zone index removed). */
  readonly address: string
  readonly family: IpFamily
  readonly category: AddressCategory
  /** Set for IPv6 forms that embed an IPv4 address: the form and that address. */
  readonly embedded?: { readonly form: Ipv4EmbeddingForm; readonly ipv4: string }
}

/**
 * Classifies an IP literal (dotted quad or any IPv6 text form). IPv6 addresses that embed an IPv4
 * address take that address's category, so `::ffff:127.0.0.1`, `64:ff9b::a00:1` or `2002:c0a8:1::`
 * are as refused as the IPv4 address inside them.
 *
 * @returns `undefined` when `address` is not an IP literal (a host name, a legacy IPv4 notation)
 * @example classifyAddress('::ffff:7f00:1') // { category: 'loopback', embedded: { form: 'ipv4-mapped', ipv4: '127.0.0.1' }, … }
 */
export function classifyAddress(address: string): AddressClassification | undefined {
  const plain = stripZone(address)
  if (parseIpv4(plain) !== undefined) return { address: plain, family: 4, category: ipv4RangeCategory(plain) }
  const bytes = parseIpv6(plain)
  if (bytes === undefined) return undefined
  const embedded = embeddedIpv4(bytes)
  if (embedded === undefined) return { address: plain, family: 6, category: ipv6RangeCategory(plain) }
  const inner = ipv4RangeCategory(embedded.ipv4)
  // IPv4-compatible addresses are deprecated (RFC 4291): nothing legitimate uses one, whatever it embeds.
  const category = inner === 'public' && embedded.form === 'ipv4-compatible' ? 'reserved' : inner
  return { address: plain, family: 6, category, embedded }
}

/** True when a fetch must not connect to an address of this category without an allowance. */
export function isRefusedCategory(category: AddressCategory): boolean {
  return category !== 'public'
}

function embeddedIpv4(bytes: Uint8Array): { form: Ipv4EmbeddingForm; ipv4: string } | undefined {
  const last4 = formatIpv4(bytes.subarray(12, 16))
  const zeroUpTo = (end: number) => bytes.subarray(0, end).every((b) => b === 0)
  const word = (index: number) => ((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0)
  // ::ffff:a.b.c.d
  if (zeroUpTo(10) && word(10) === 0xffff) return { form: 'ipv4-mapped', ipv4: last4 }
  // ::ffff:0:a.b.c.d (SIIT, RFC 2765)
  if (zeroUpTo(8) && word(8) === 0xffff && word(10) === 0) return { form: 'ipv4-translated', ipv4: last4 }
  // ::a.b.c.d, but not :: and ::1, which the range table names
  if (zeroUpTo(12) && (!zeroUpTo(15) || (bytes[15] ?? 0) > 1)) return { form: 'ipv4-compatible', ipv4: last4 }
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix (RFC 6052)
  if (word(0) === 0x64 && word(2) === 0xff9b && bytes.subarray(4, 12).every((b) => b === 0))
    return { form: 'nat64', ipv4: last4 }
  // 2002:aabb:ccdd::/48 (RFC 3056)
  if (word(0) === 0x2002) return { form: '6to4', ipv4: formatIpv4(bytes.subarray(2, 6)) }
  // 2001:0::/32: the Teredo client's address sits in the last 32 bits, inverted (RFC 4380)
  if (word(0) === 0x2001 && word(2) === 0)
    return { form: 'teredo', ipv4: formatIpv4(bytes.subarray(12, 16).map((b) => b ^ 0xff)) }
  return undefined
}
