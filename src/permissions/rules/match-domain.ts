import { domainToASCII } from 'node:url'

/**
 * Domain specifiers for web tools: `domain:example.com` matches that host only;
 * `domain:*.example.com` matches its subdomains at any depth but not `example.com` itself;
 * `domain:*` matches every host. Hosts compare case-insensitively, without a trailing dot or a
 * port, and internationalised names in punycode (`bücher.de` is `xn--bcher-kva.de`).
 */

/** A host in the form rules compare: ASCII (punycode), lower case, no trailing dot, no port; `undefined` when invalid. */
export function normaliseHost(host: string): string | undefined {
  let text = host.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed !== null) return `[${(bracketed[1] ?? '').toLowerCase()}]`
  text = text.replace(/:\d+$/, '').replace(/\.$/, '')
  // Anything URL syntax (`/`, `@`, `:`…) means this is not a bare host; `domainToASCII` would cut it.
  if (text === '' || /[\s*/\\@?#%:]/.test(text)) return undefined
  const ascii = domainToASCII(text)
  return ascii === '' ? undefined : ascii
}

/** True when `specifier` (`domain:…`) covers `host`. */
export function domainSpecifierMatches(specifier: string, host: string): boolean {
  const match = /^domain:(.+)$/i.exec(specifier.trim())
  if (match === null) return false
  const wanted = (match[1] ?? '').trim()
  const actual = normaliseHost(host)
  if (actual === undefined) return false
  if (wanted === '*') return true
  if (wanted.startsWith('*.')) {
    const parent = normaliseHost(wanted.slice(2))
    return parent !== undefined && actual.endsWith(`.${parent}`)
  }
  return normaliseHost(wanted) === actual
}
