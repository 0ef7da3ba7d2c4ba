import { describe, expect, it } from 'vitest'
import { webSearchSettings } from '../../../profile/web-search-settings.js'
import { backendDomains, planDomains, planKeeps } from './domain-plan.js'
import { domainRule, ruleCovers, ruleMatches, rulesOverlap } from './domain-rules.js'

const settings = (input: Record<string, unknown> = {}) => webSearchSettings.parse(input)

describe('domain rules', () => {
  it('covers a domain with its subdomains, or with *. the subdomains only', () => {
    const plain = domainRule('Example.com.')
    const wild = domainRule('*.example.com')
    expect(['example.com', 'docs.example.com', 'a.b.example.com'].map((h) => ruleMatches(plain, h))).toEqual([
      true,
      true,
      true,
    ])
    expect(['example.com', 'docs.example.com'].map((h) => ruleMatches(wild, h))).toEqual([false, true])
    expect(ruleMatches(plain, 'notexample.com')).toBe(false)
    expect(ruleMatches(plain, 'example.com.evil.net')).toBe(false)
  })

  it('knows when one rule covers or overlaps another', () => {
    const [plain, wild, docs] = ['example.com', '*.example.com', 'docs.example.com'].map(domainRule) as [
      ReturnType<typeof domainRule>,
      ReturnType<typeof domainRule>,
      ReturnType<typeof domainRule>,
    ]
    expect([ruleCovers(plain, wild), ruleCovers(wild, plain), ruleCovers(wild, docs), ruleCovers(docs, plain)]).toEqual(
      [true, false, true, false],
    )
    expect(rulesOverlap(docs, plain)).toBe(true)
    expect(rulesOverlap(domainRule('example.org'), plain)).toBe(false)
  })
})

describe('planDomains', () => {
  it('keeps what the profile allows and nothing it blocks, blocked winning', () => {
    const plan = planDomains(settings({ allowedDomains: ['example.com'], blockedDomains: ['ads.example.com'] }), {
      query: 'x',
    })
    expect(planKeeps(plan, 'https://docs.example.com/a')).toBe(true)
    expect(planKeeps(plan, 'https://ads.example.com/a')).toBe(false)
    expect(planKeeps(plan, 'https://example.org/')).toBe(false)
    expect(planKeeps(plan, 'ftp://example.com/file')).toBe(false)
    expect(planKeeps(plan, 'not a url')).toBe(false)
  })

  it('lets the model only narrow the profile, and says which of its domains give nothing', () => {
    const plan = planDomains(
      settings({ allowedDomains: ['example.com', 'docs.rs'], blockedDomains: ['x.example.com'] }),
      {
        query: 'x',
        allowed_domains: ['docs.example.com', 'example.org', 'x.example.com'],
        blocked_domains: ['old.docs.example.com'],
      },
    )
    expect(plan.refused).toEqual({ outside: ['example.org'], blocked: ['x.example.com'] })
    expect(planKeeps(plan, 'https://docs.example.com/')).toBe(true)
    expect(planKeeps(plan, 'https://old.docs.example.com/')).toBe(false)
    expect(planKeeps(plan, 'https://docs.rs/')).toBe(false)
    expect(planKeeps(plan, 'https://example.org/')).toBe(false)
    expect(backendDomains(plan)).toEqual({
      include: ['docs.example.com'],
      exclude: ['x.example.com', 'old.docs.example.com'],
    })
  })

  it('refuses a search whose every named domain is blocked or outside, in allowed_domains or site:', () => {
    const blocked = settings({ allowedDomains: ['example.com'], blockedDomains: ['reddit.com'] })
    expect(() => planDomains(blocked, { query: 'x', allowed_domains: ['old.reddit.com', 'example.org'] })).toThrow(
      expect.objectContaining({ code: 'web_search.domains_blocked' }),
    )
    expect(() => planDomains(blocked, { query: 'rust site:reddit.com' })).toThrow(
      expect.objectContaining({ code: 'web_search.domains_blocked' }),
    )
    expect(planDomains(blocked, { query: 'rust -site:reddit.com site:example.com' }).refused).toEqual({
      outside: [],
      blocked: [],
    })
  })

  it('gives wildcard rules to a filtering service as the broader domain, and excludes only plain ones', () => {
    const plan = planDomains(settings({ blockedDomains: ['*.ads.net', 'spam.org'] }), {
      query: 'x',
      allowed_domains: ['*.example.com'],
    })
    expect(backendDomains(plan)).toEqual({ include: ['example.com'], exclude: ['spam.org'] })
    expect(planKeeps(plan, 'https://example.com/')).toBe(false)
    expect(planKeeps(plan, 'https://www.example.com/')).toBe(true)
  })
})
