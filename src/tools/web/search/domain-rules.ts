/**
 * A domain rule: `example.com` is the domain and its subdomains, `*.example.com` its subdomains
 * only. Hosts and rules are compared lower-cased, without a trailing dot.
 */
export interface DomainRule {
  readonly base: string
  readonly subdomainsOnly: boolean
  /** As written, for texts. */
  readonly text: string
}

/** A rule from its text (`example.com`, `*.example.com`). */
export function domainRule(text: string): DomainRule {
  const lower = text.trim().toLowerCase().replace(/\.$/, '')
  const subdomainsOnly = lower.startsWith('*.')
  return { base: subdomainsOnly ? lower.slice(2) : lower, subdomainsOnly, text }
}

/** The host of a result URL as rules compare it, or undefined for a URL that is not http(s). */
export function resultHost(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
    return parsed.hostname.toLowerCase().replace(/\.$/, '')
  } catch {
    return undefined
  }
}

/** Whether `host` falls under `rule`. */
export function ruleMatches(rule: DomainRule, host: string): boolean {
  return host === rule.base ? !rule.subdomainsOnly : host.endsWith(`.${rule.base}`)
}

/** Whether every host `inner` names falls under `outer`. */
export function ruleCovers(outer: DomainRule, inner: DomainRule): boolean {
  if (inner.base === outer.base) return !outer.subdomainsOnly || inner.subdomainsOnly
  return inner.base.endsWith(`.${outer.base}`)
}

/** Whether some host falls under both rules. */
export function rulesOverlap(a: DomainRule, b: DomainRule): boolean {
  return a.base === b.base || a.base.endsWith(`.${b.base}`) || b.base.endsWith(`.${a.base}`)
}
