import { isIP } from 'node:net'
import type { EngineNetwork } from './shell-protocol.js'

/**
 * The URL prefixes a profile lets the shell reach: `profile.network.shellUrlPrefixes`. Read through
 * `unknown` and checked at run time, so it works with any profile shape: anything that is not an
 * array of strings counts as none, and entries that are not http(s) URLs are left out.
 */
export function shellUrlPrefixes(profile: unknown): string[] {
  return stringArray(networkOf(profile)?.shellUrlPrefixes).filter((prefix) =>
    /^https?:$/.test(urlOf(prefix)?.protocol ?? ''),
  )
}

/**
 * The shell's network from a profile: none unless it lists URL prefixes. Private and loopback
 * addresses are refused (also when a public name resolves to one) unless a prefix names such a host
 * itself: an IP address, `localhost`, or a host in `network.allowPrivateHosts`.
 */
export function shellNetwork(profile: unknown): EngineNetwork | undefined {
  const allowedUrlPrefixes = shellUrlPrefixes(profile)
  if (allowedUrlPrefixes.length === 0) return undefined
  const privateHosts = new Set(stringArray(networkOf(profile)?.allowPrivateHosts).map((host) => host.toLowerCase()))
  const namesPrivateHost = allowedUrlPrefixes.some((prefix) => {
    const host = hostOf(prefix)
    return (
      host !== undefined &&
      (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost') || privateHosts.has(host))
    )
  })
  return { allowedUrlPrefixes, denyPrivateRanges: !namesPrivateHost }
}

function networkOf(profile: unknown): Record<string, unknown> | undefined {
  if (typeof profile !== 'object' || profile === null) return undefined
  const network: unknown = (profile as Record<string, unknown>).network
  return typeof network === 'object' && network !== null ? (network as Record<string, unknown>) : undefined
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? [...(value as string[])] : []
}

/** The host of a URL prefix, lower case and without IPv6 brackets. */
function hostOf(prefix: string): string | undefined {
  return urlOf(prefix)
    ?.hostname.toLowerCase()
    .replace(/^\[|\]$/g, '')
}

function urlOf(text: string): URL | undefined {
  return URL.canParse(text) ? new URL(text) : undefined
}
