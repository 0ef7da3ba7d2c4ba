/**
 * The network settings web.fetch reads from a profile. The profile schema will carry them as
 * `network: { allowPrivateHosts: string[]; shellUrlPrefixes: string[] }`; until then (and for
 * profiles without them) this reads them defensively and falls back to no allowances.
 */
export interface WebNetworkSettings {
  /**
   * Hosts a fetch may reach although they are private, loopback, link-local…: host names
   * (`intranet.example`), subdomain patterns (`*.corp.example`), IPs or CIDRs for URLs that name
   * an IP (`127.0.0.1`, `10.0.0.0/8`). See `compileHostAllowance`.
   */
  readonly allowPrivateHosts: readonly string[]
}

/**
 * Reads `profile.network.allowPrivateHosts`, keeping only string entries; anything missing or of
 * the wrong shape means no allowances (refusing is the safe default).
 */
export function webNetworkSettings(profile: unknown): WebNetworkSettings {
  const network = field(profile, 'network')
  const hosts = field(network, 'allowPrivateHosts')
  const allowPrivateHosts = Array.isArray(hosts)
    ? hosts.filter((entry): entry is string => typeof entry === 'string')
    : []
  return { allowPrivateHosts }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}
