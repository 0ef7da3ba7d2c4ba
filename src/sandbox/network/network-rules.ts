import { cutShort, fillText, loadTexts } from '../../text/model-text.js'
import { compileHostAllowance, normalizeHost } from '../../net/host-allowance.js'
import { checkHost } from '../../net/host-check.js'
import { NetError } from '../../net/net-error.js'
import type { HostResolver, ResolvedAddress } from '../../net/resolve-host.js'

/**
 * What a sandboxed command may reach over the network.
 *
 * `allowedDomains` lists the hosts the command may name:
 * - `example.com`: that host exactly (not its subdomains);
 * - `*.example.com`: any subdomain of example.com at any depth (`api.example.com`,
 *   `a.b.example.com`), but not example.com itself — list both to allow both;
 * - an IP address or CIDR (`203.0.113.7`, `10.0.0.0/8`): requests that name an IP inside it.
 * Matching ignores case and one trailing dot. Any port of an allowed host may be reached.
 *
 * `allowPrivateHosts` has the meaning of web.fetch's `network.allowPrivateHosts` (see
 * `compileHostAllowance`): an allowed host whose addresses are loopback, private, link-local… is
 * still refused unless it is listed there by name (or, for a request naming an IP, by IP or CIDR).
 */
export interface SandboxNetworkRules {
  readonly allowedDomains: readonly string[]
  readonly allowPrivateHosts: readonly string[]
}

/** The outcome of checking one host and port: the addresses to connect to, or why not. */
export type TargetCheck =
  | { readonly allowed: true; readonly addresses: readonly ResolvedAddress[] }
  | { readonly allowed: false; readonly status: 403 | 502; readonly reason: string }

/** Checks a host and port against compiled rules. */
export type TargetChecker = (host: string, port: number, signal: AbortSignal) => Promise<TargetCheck>

const texts = loadTexts(import.meta.url, ['domainRefused', 'addressRefused', 'unresolved'] as const)

/**
 * Compiles the rules into a checker: the host must be an allowed domain, and then every address it
 * leads to must pass the checks of web.fetch (`checkHost`), so the connection goes only to the
 * addresses returned. A refusal by the rules is a 403; a name that does not resolve a 502.
 */
export function compileSandboxRules(rules: SandboxNetworkRules, resolve: HostResolver): TargetChecker {
  const domains = compileHostAllowance(rules.allowedDomains)
  const allowance = compileHostAllowance(rules.allowPrivateHosts)
  return async (rawHost, port, signal) => {
    const host = normalizeHost(rawHost)
    const shown = cutShort(host, 120)
    if (!domains.allowsName(host) && !domains.allowsLiteral(host))
      return { allowed: false, status: 403, reason: fillText(texts.domainRefused, { host: shown }) }
    try {
      const target = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}/`)
      return { allowed: true, addresses: await checkHost(target, { resolve, allowance, signal }) }
    } catch (error) {
      if (error instanceof NetError && error.code === 'address_refused' && error.details.refused !== undefined) {
        const { address, category } = error.details.refused
        return {
          allowed: false,
          status: 403,
          reason: fillText(texts.addressRefused, { host: shown, address, category }),
        }
      }
      const message = error instanceof Error ? error.message : String(error)
      // NetError's own wording repeats what the text already says.
      const detail = message.replace(`could not resolve ${host}: `, '')
      return { allowed: false, status: 502, reason: fillText(texts.unresolved, { host: shown, detail }) }
    }
  }
}
