import { describe, expect, it } from 'vitest'
import type { HostResolver } from '../../net/resolve-host.js'
import { compileSandboxRules, type SandboxNetworkRules } from './network-rules.js'

/** A resolver from a table; names not in it fail as getaddrinfo does. */
function resolverOf(table: Record<string, string[]>): HostResolver {
  return async (name) => {
    const addresses = table[name]
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
}

const table = {
  'example.com': ['93.184.215.14'],
  'api.example.com': ['93.184.215.15', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'deep.api.example.com': ['93.184.215.16'],
  'intranet.example.com': ['10.0.0.5'],
  'mixed.example.com': ['93.184.215.17', '192.168.1.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
}

async function decide(rules: SandboxNetworkRules, host: string, port = 443) {
  const check = compileSandboxRules(rules, resolverOf(table))
  return check(host, port, new AbortController().signal)
}

const rules = (allowedDomains: string[], allowPrivateHosts: string[] = []) => ({ allowedDomains, allowPrivateHosts })

describe('compileSandboxRules', () => {
  it('matches exact hosts, ignoring case and a trailing dot, and not their subdomains', async () => {
    expect(await decide(rules(['example.com']), 'Example.COM.')).toEqual({
      allowed: true,
      addresses: [{ address: '93.184.215.14', family: 4 }],
    })
    expect(await decide(rules(['example.com']), 'api.example.com')).toMatchObject({ allowed: false, status: 403 })
  })

  it('matches subdomains at any depth with *., but not the domain itself', async () => {
    const wildcard = rules(['*.example.com'])
    expect(await decide(wildcard, 'api.example.com')).toMatchObject({ allowed: true })
    expect(await decide(wildcard, 'deep.api.example.com')).toMatchObject({ allowed: true })
    expect(await decide(wildcard, 'example.com')).toEqual({
      allowed: false,
      status: 403,
      reason: "The sandbox's network does not reach example.com: it is not one of the allowed domains.",
    })
    expect(await decide(wildcard, 'evilexample.com')).toMatchObject({ allowed: false, status: 403 })
  })

  it('refuses an allowed name that leads to a private address, even among public ones', async () => {
    expect(await decide(rules(['*.example.com']), 'intranet.example.com')).toEqual({
      allowed: false,
      status: 403,
      reason:
        "The sandbox's network does not reach intranet.example.com: it leads to 10.0.0.5, a private address, which only hosts in network.allowPrivateHosts may reach.",
    })
    expect(await decide(rules(['*.example.com']), 'mixed.example.com')).toMatchObject({ allowed: false, status: 403 })
    expect(await decide(rules(['*.example.com']), 'mapped.example.com')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('a loopback address') as unknown,
    })
  })

  it('lets allowPrivateHosts open private addresses by name, but never metadata addresses', async () => {
    const open = rules(['*.example.com'], ['intranet.example.com', 'metadata.example.com'])
    expect(await decide(open, 'intranet.example.com')).toMatchObject({ allowed: true })
    expect(await decide(open, 'metadata.example.com')).toMatchObject({ allowed: false, status: 403 })
  })

  it('takes IP literals and CIDRs for requests that name an IP', async () => {
    expect(await decide(rules(['93.184.215.0/24']), '93.184.215.99')).toMatchObject({ allowed: true })
    expect(await decide(rules(['93.184.215.0/24']), '93.184.216.1')).toMatchObject({ allowed: false })
    expect(await decide(rules(['::1']), '[::1]')).toMatchObject({ allowed: false, status: 403 })
    expect(await decide(rules(['::1'], ['::1']), '[::1]')).toEqual({
      allowed: true,
      addresses: [{ address: '::1', family: 6 }],
    })
    // A name is allowed by name only: an allowed IP does not let a name that resolves to it through.
    expect(await decide(rules(['10.0.0.5'], ['10.0.0.5']), 'intranet.example.com')).toMatchObject({ allowed: false })
  })

  it('answers 502 for a name that does not resolve', async () => {
    expect(await decide(rules(['*.example.com']), 'missing.example.com')).toEqual({
      allowed: false,
      status: 502,
      reason: "The sandbox's network could not resolve missing.example.com: getaddrinfo ENOTFOUND missing.example.com",
    })
  })
})
