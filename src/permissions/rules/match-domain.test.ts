import { describe, expect, it } from 'vitest'
import { domainSpecifierMatches, normaliseHost } from './match-domain.js'

describe('normaliseHost', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['example.com:8443', 'example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['XN--BCHER-KVA.de', 'xn--bcher-kva.de'],
    ['[::1]:8080', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
  ])('%s → %s', (host, normalised) => {
    expect(normaliseHost(host)).toBe(normalised)
  })
  it.each(['', '.', '*.example.com', 'exa mple.com', 'a/b'])('refuses %j', (host) => {
    expect(normaliseHost(host)).toBeUndefined()
  })
})

describe('domainSpecifierMatches', () => {
  it('matches an exact host only', () => {
    expect(domainSpecifierMatches('domain:example.com', 'example.com')).toBe(true)
    expect(domainSpecifierMatches('domain:example.com', 'www.example.com')).toBe(false)
    expect(domainSpecifierMatches('domain:example.com', 'example.com.evil.net')).toBe(false)
    expect(domainSpecifierMatches('domain:example.com', 'notexample.com')).toBe(false)
  })
  it('matches subdomains at any depth with *., but not the apex', () => {
    expect(domainSpecifierMatches('domain:*.example.com', 'api.example.com')).toBe(true)
    expect(domainSpecifierMatches('domain:*.example.com', 'a.b.example.com')).toBe(true)
    expect(domainSpecifierMatches('domain:*.example.com', 'example.com')).toBe(false)
    expect(domainSpecifierMatches('domain:*.example.com', 'badexample.com')).toBe(false)
  })
  it('ignores case, trailing dots and ports on either side', () => {
    expect(domainSpecifierMatches('domain:Example.com.', 'EXAMPLE.COM')).toBe(true)
    expect(domainSpecifierMatches('DOMAIN:*.Example.COM', 'Api.example.com.')).toBe(true)
    expect(domainSpecifierMatches('domain:example.com', 'example.com:443')).toBe(true)
  })
  it('compares internationalised names in punycode', () => {
    expect(domainSpecifierMatches('domain:bücher.de', 'xn--bcher-kva.de')).toBe(true)
    expect(domainSpecifierMatches('domain:xn--bcher-kva.de', 'BÜCHER.de')).toBe(true)
    expect(domainSpecifierMatches('domain:*.bücher.de', 'shop.xn--bcher-kva.de')).toBe(true)
    expect(domainSpecifierMatches('domain:bucher.de', 'bücher.de')).toBe(false)
  })
  it('matches every valid host with domain:*', () => {
    expect(domainSpecifierMatches('domain:*', 'anything.example')).toBe(true)
    expect(domainSpecifierMatches('domain:*', '')).toBe(false)
  })
  it('never matches specifiers without domain:, other wildcards or invalid hosts', () => {
    expect(domainSpecifierMatches('example.com', 'example.com')).toBe(false)
    expect(domainSpecifierMatches('domain:api.*.com', 'api.example.com')).toBe(false)
    expect(domainSpecifierMatches('domain:example.com', 'exa mple.com')).toBe(false)
  })
})
