import { ToolError } from '../../../core/tool-error.js'
import type { WebSearchSettings } from '../../../profile/web-search-settings.js'
import { fillText } from '../../../text/model-text.js'
import { domainRule, resultHost, ruleCovers, ruleMatches, rulesOverlap, type DomainRule } from './domain-rules.js'
import { webSearchTexts as texts } from './search-texts.js'

/** Which result domains a search keeps, from the profile's rules narrowed by the model's. */
export interface DomainPlan {
  /** The profile's allowed domains; all when empty. */
  readonly profileAllowed: readonly DomainRule[]
  /** The model's allowed domains that can give results; undefined when it named none. */
  readonly modelAllowed?: readonly DomainRule[]
  /** The profile's and the model's blocked domains. */
  readonly blocked: readonly DomainRule[]
  /** Domains the model named that give no results: outside the profile's allow list, or blocked. */
  readonly refused: { readonly outside: readonly string[]; readonly blocked: readonly string[] }
}

/** The model's domain arguments. */
export interface ModelDomains {
  readonly query: string
  readonly allowed_domains?: readonly string[] | undefined
  readonly blocked_domains?: readonly string[] | undefined
}

/**
 * Combines the profile's domain rules with the model's: the model can only narrow them. A domain
 * the model asks for (in `allowed_domains` or a `site:` of the query) that the profile does not
 * allow, or that is blocked, gives no results and is reported. When every domain it names is
 * refused, nothing is searched.
 * @throws ToolError `web_search.domains_blocked` when every domain the model names is refused
 */
export function planDomains(settings: WebSearchSettings, input: ModelDomains): DomainPlan {
  const profileAllowed = settings.allowedDomains.map(domainRule)
  const blocked = [...settings.blockedDomains, ...(input.blocked_domains ?? [])].map(domainRule)
  const outside: string[] = []
  const refusedBlocked: string[] = []
  const usable = (rule: DomainRule): boolean => {
    if (blocked.some((block) => ruleCovers(block, rule))) refusedBlocked.push(rule.text)
    else if (profileAllowed.length > 0 && !profileAllowed.some((allow) => rulesOverlap(allow, rule)))
      outside.push(rule.text)
    else return true
    return false
  }
  const named = input.allowed_domains?.map(domainRule)
  const modelAllowed = named?.filter(usable)
  const sites = siteDomains(input.query).map(domainRule)
  const usableSites = sites.filter(usable)
  const namedAny = (named?.length ?? 0) + sites.length > 0
  if (namedAny && (modelAllowed?.length ?? 0) + usableSites.length === 0) {
    throw new ToolError(
      'web_search.domains_blocked',
      fillText(texts.domainsBlocked, {
        domains: [...refusedBlocked, ...outside].join(', '),
        allowed: allowedText(settings),
      }),
    )
  }
  // Allowed domains all refused, a usable `site:` left: the search keeps to that site instead.
  const narrowed = modelAllowed?.length === 0 ? usableSites : modelAllowed
  return {
    profileAllowed,
    ...(narrowed !== undefined && { modelAllowed: narrowed }),
    blocked,
    refused: { outside, blocked: refusedBlocked },
  }
}

/** Whether a result URL passes the plan: http(s), not blocked, inside both allow lists. */
export function planKeeps(plan: DomainPlan, url: string): boolean {
  const host = resultHost(url)
  if (host === undefined) return false
  if (plan.blocked.some((rule) => ruleMatches(rule, host))) return false
  if (plan.profileAllowed.length > 0 && !plan.profileAllowed.some((rule) => ruleMatches(rule, host))) return false
  return plan.modelAllowed === undefined || plan.modelAllowed.some((rule) => ruleMatches(rule, host))
}

/**
 * The domain lists a service that filters by domain is given: bare domains, so `*.example.com`
 * becomes the broader `example.com` when included and is left to the caller's filter when excluded.
 */
export function backendDomains(plan: DomainPlan): { include: string[]; exclude: string[] } {
  const include = (plan.modelAllowed ?? plan.profileAllowed).map((rule) => rule.base)
  const exclude = plan.blocked.filter((rule) => !rule.subdomainsOnly).map((rule) => rule.base)
  return { include: [...new Set(include)], exclude: [...new Set(exclude)] }
}

/** The domains of the query's `site:` terms (not of `-site:`, which excludes). */
function siteDomains(query: string): string[] {
  return [...query.matchAll(/(?:^|\s)site:(\S+)/gi)]
    .map(([, domain]) => (domain ?? '').replace(/^https?:\/\//i, '').replace(/\/.*$/, ''))
    .filter((domain) => /^(\*\.)?[a-z0-9.-]+$/i.test(domain) && domain.includes('.'))
}

function allowedText(settings: WebSearchSettings): string {
  return settings.allowedDomains.length === 0 ? texts.allDomains : settings.allowedDomains.join(', ')
}
