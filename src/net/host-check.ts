import type { AddressClassification } from './classify-address.js'
import { classifyAddress, isRefusedCategory } from './classify-address.js'
import type { HostAllowance } from './host-allowance.js'
import { normalizeHost } from './host-allowance.js'
import { NetError, systemErrorCode } from './net-error.js'
import type { HostResolver, ResolvedAddress } from './resolve-host.js'

/** The schemes a guarded request may use. */
export const allowedSchemes: readonly string[] = ['http:', 'https:']

/** What checking a URL's host needs. */
export interface HostCheckOptions {
  readonly resolve: HostResolver
  readonly allowance: HostAllowance
  readonly signal: AbortSignal
}

/**
 * Refuses a URL whose scheme is not http(s).
 * @throws NetError `scheme_refused`
 */
export function checkScheme(url: URL): void {
  if (!allowedSchemes.includes(url.protocol)) {
    throw new NetError('scheme_refused', `scheme ${url.protocol} is not allowed`, {
      url: url.href,
      scheme: url.protocol.replace(/:$/, ''),
    })
  }
}

/**
 * Checks where a URL's host leads and returns the addresses a connection may use: the IP literal
 * itself, or every address the name resolves to. It refuses when ANY of them is not public and the
 * allowance does not cover it, so a name with one private answer among public ones is refused.
 * Connect only to the returned addresses (never resolve again) so that DNS rebinding between this
 * check and the connection cannot reach a refused address.
 *
 * @throws NetError `address_refused`, `dns_failed`, or `aborted` when the signal fires while resolving
 */
export async function checkHost(url: URL, options: HostCheckOptions): Promise<readonly ResolvedAddress[]> {
  const host = normalizeHost(url.hostname)
  // WHATWG URL parsing has already turned 2130706433, 0x7f.1, 017700000001 and 127.1 into dotted quads.
  const literal = classifyAddress(host)
  if (literal !== undefined) {
    if (isRefusedCategory(literal.category) && !options.allowance.allowsLiteral(literal.address))
      throw refused(url, host, literal)
    return [{ address: literal.address, family: literal.family }]
  }
  const addresses = await resolveAll(url, host, options)
  const nameAllowed = options.allowance.allowsName(host)
  for (const { address } of addresses) {
    const classification = classifyAddress(address)
    if (classification === undefined)
      throw dnsFailed(url, host, `the resolver returned "${address}", which is not an IP address`)
    if (!isRefusedCategory(classification.category)) continue
    // Allowing a name never opens metadata endpoints: only an explicitly listed IP literal does.
    if (nameAllowed && classification.category !== 'metadata') continue
    throw refused(url, host, classification)
  }
  return addresses
}

async function resolveAll(url: URL, host: string, options: HostCheckOptions): Promise<readonly ResolvedAddress[]> {
  const { signal } = options
  if (signal.aborted) throw new NetError('aborted', 'aborted before resolving', { url: url.href, host })
  let onAbort = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new NetError('aborted', 'aborted while resolving', { url: url.href, host }))
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    // getaddrinfo cannot be cancelled; racing it lets an abort return at once.
    const addresses = await Promise.race([options.resolve(host), aborted])
    if (addresses.length === 0) throw dnsFailed(url, host, 'no addresses')
    return addresses
  } catch (error) {
    if (error instanceof NetError) throw error
    throw dnsFailed(url, host, error instanceof Error ? error.message : String(error), systemErrorCode(error), error)
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

function refused(url: URL, host: string, classification: AddressClassification): NetError {
  const via =
    classification.embedded === undefined ? '' : ` (${classification.embedded.form} ${classification.embedded.ipv4})`
  const message = `${host} leads to ${classification.address}${via}, a ${classification.category} address`
  return new NetError('address_refused', message, { url: url.href, host, refused: classification })
}

function dnsFailed(url: URL, host: string, reason: string, systemCode?: string, cause?: unknown): NetError {
  const details = { url: url.href, host, ...(systemCode !== undefined && { systemCode }) }
  return new NetError('dns_failed', `could not resolve ${host}: ${reason}`, details, { cause })
}
