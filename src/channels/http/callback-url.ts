import { compileHostAllowance } from '../../net/host-allowance.js'
import { checkHost, checkScheme } from '../../net/host-check.js'
import { NetError } from '../../net/net-error.js'
import type { HostResolver } from '../../net/resolve-host.js'
import { systemResolver } from '../../net/resolve-host.js'

/** Where callbacks may go. */
export interface CallbackPolicy {
  /** Lets callbacks reach loopback, private and link-local addresses (never metadata by name). */
  readonly allowPrivate: boolean
  /** Name resolution; the system resolver when omitted. */
  readonly resolve?: HostResolver
}

/**
 * The host allowance a callback URL gets: none, or with `allowPrivate` its own host name and every
 * IP literal, so a loopback receiver (`http://127.0.0.1:…`) is reachable.
 */
export function callbackAllowance(url: URL, allowPrivate: boolean): readonly string[] {
  return allowPrivate ? [url.hostname, '0.0.0.0/0', '::/0'] : []
}

/**
 * Why a callback URL cannot be used, worded for the client that sent it, or `undefined` when it
 * can. Checked when a message names it, so the client learns at once; each delivery checks again
 * (and pins the checked addresses), since DNS may have changed in between.
 */
export async function callbackRefusal(text: string, policy: CallbackPolicy): Promise<string | undefined> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return `"callback" is not a URL; send an absolute https:// URL`
  }
  try {
    checkScheme(url)
    await checkHost(url, {
      resolve: policy.resolve ?? systemResolver,
      allowance: compileHostAllowance(callbackAllowance(url, policy.allowPrivate)),
      signal: AbortSignal.timeout(10_000),
    })
    return undefined
  } catch (error) {
    if (!(error instanceof NetError)) throw error
    switch (error.code) {
      case 'scheme_refused':
        return `"callback" must be an http:// or https:// URL, not ${url.protocol}`
      case 'address_refused':
        return `"callback" must reach a public address: ${error.message}`
      case 'dns_failed':
        return `"callback" host ${url.hostname} could not be resolved; send a URL with a resolvable host`
      default:
        return `"callback" could not be checked (${error.message}); try again`
    }
  }
}
