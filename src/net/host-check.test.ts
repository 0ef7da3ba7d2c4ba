import { describe, expect, it, vi } from 'vitest'
import { compileHostAllowance, normalizeHost } from './host-allowance.js'
import type { HostCheckOptions } from './host-check.js'
import { checkHost, checkScheme } from './host-check.js'
import { NetError } from './net-error.js'
import type { HostResolver, ResolvedAddress } from './resolve-host.js'
import { systemResolver } from './resolve-host.js'

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 })
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 })

function options(
  resolve: HostResolver,
  allow: readonly string[] = [],
  signal = new AbortController().signal,
): HostCheckOptions {
  return { resolve, allowance: compileHostAllowance(allow), signal }
}

const answers = (...addresses: ResolvedAddress[]): HostResolver => vi.fn(async () => addresses)

async function refusal(url: string, opts: HostCheckOptions): Promise<NetError> {
  const error: unknown = await checkHost(new URL(url), opts).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof NetError)) throw new Error(`expected a NetError for ${url}, got ${String(error)}`)
  return error
}

describe('checkScheme', () => {
  it('allows http and https only', () => {
    expect(() => checkScheme(new URL('http://example.com/'))).not.toThrow()
    expect(() => checkScheme(new URL('https://example.com/'))).not.toThrow()
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'gopher://x/',
      'ws://x/',
    ]) {
      expect(() => checkScheme(new URL(url)), url).toThrow(expect.objectContaining({ code: 'scheme_refused' }))
    }
  })
})

describe('checkHost', () => {
  it('returns every address of a public name', async () => {
    const resolve = answers(v4('93.184.215.14'), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c'))
    await expect(checkHost(new URL('https://example.com/x'), options(resolve))).resolves.toHaveLength(2)
    expect(resolve).toHaveBeenCalledWith('example.com')
  })

  it('refuses a name when any one of its addresses is private', async () => {
    const error = await refusal(
      'https://mixed.example/',
      options(answers(v4('93.184.215.14'), v4('10.0.0.7'), v4('1.1.1.1'))),
    )
    expect(error.code).toBe('address_refused')
    expect(error.details.refused).toMatchObject({ address: '10.0.0.7', category: 'private' })
  })

  it('refuses IPv6 answers that embed a private IPv4 address', async () => {
    const error = await refusal('https://sneaky.example/', options(answers(v6('::ffff:169.254.169.254'))))
    expect(error.details.refused).toMatchObject({ category: 'metadata', embedded: { form: 'ipv4-mapped' } })
    expect((await refusal('https://x.example/', options(answers(v6('fe80::1%eth0')))))?.details.refused?.category).toBe(
      'link-local',
    )
  })

  it('checks IP literals without resolving them', async () => {
    const resolve = answers(v4('8.8.8.8'))
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
      'http://169.254.169.254/',
    ]) {
      expect((await refusal(url, options(resolve))).code, url).toBe('address_refused')
    }
    await expect(checkHost(new URL('http://8.8.4.4/'), options(resolve))).resolves.toEqual([v4('8.8.4.4')])
    expect(resolve).not.toHaveBeenCalled()
  })

  it('lets a listed IP or CIDR through for IP-literal URLs only', async () => {
    const allow = ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']
    await expect(checkHost(new URL('http://127.0.0.1:3000/'), options(answers(), allow))).resolves.toEqual([
      v4('127.0.0.1'),
    ])
    await expect(checkHost(new URL('http://10.9.8.7/'), options(answers(), allow))).resolves.toEqual([v4('10.9.8.7')])
    await expect(checkHost(new URL('http://[fd00::5]/'), options(answers(), allow))).resolves.toEqual([v6('fd00::5')])
    expect((await refusal('http://127.0.0.2/', options(answers(), allow))).code).toBe('address_refused')
    // A name resolving to an allowed IP is not allowed by that IP: names must be listed by name.
    expect((await refusal('http://localhost/', options(answers(v4('127.0.0.1')), allow))).code).toBe('address_refused')
  })

  it('lets a listed name reach private addresses but never metadata', async () => {
    const allow = ['intranet.example', '*.corp.example']
    await expect(
      checkHost(new URL('http://INTRANET.example./'), options(answers(v4('10.1.1.1'), v6('::1')), allow)),
    ).resolves.toHaveLength(2)
    await expect(
      checkHost(new URL('http://wiki.corp.example/'), options(answers(v4('192.168.3.3')), allow)),
    ).resolves.toHaveLength(1)
    expect((await refusal('http://corp.example/', options(answers(v4('192.168.3.3')), allow))).code).toBe(
      'address_refused',
    )
    expect(
      (await refusal('http://intranet.example/', options(answers(v4('169.254.169.254')), allow))).details.refused
        ?.category,
    ).toBe('metadata')
    expect(
      (await refusal('http://intranet.example/', options(answers(v6('fd00:ec2::254')), allow))).details.refused
        ?.category,
    ).toBe('metadata')
    // A metadata address can still be reached when its IP is listed and the URL names it.
    await expect(
      checkHost(new URL('http://169.254.169.254/'), options(answers(), ['169.254.169.254'])),
    ).resolves.toHaveLength(1)
  })

  it('refuses when resolution fails or returns nothing', async () => {
    const failing: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nope.invalid'), { code: 'ENOTFOUND' })
    }
    const error = await refusal('http://nope.invalid/', options(failing))
    expect(error).toMatchObject({ code: 'dns_failed', details: { host: 'nope.invalid', systemCode: 'ENOTFOUND' } })
    expect((await refusal('http://empty.example/', options(answers()))).code).toBe('dns_failed')
    expect((await refusal('http://odd.example/', options(answers(v4('not-an-ip'))))).code).toBe('dns_failed')
  })

  it('stops waiting for the resolver when aborted', async () => {
    const controller = new AbortController()
    const pending = refusal(
      'http://slow.example/',
      options(() => new Promise(() => {}), [], controller.signal),
    )
    controller.abort()
    expect((await pending).code).toBe('aborted')
  })

  it('refuses localhost through the system resolver', async () => {
    const error = await refusal('http://localhost/', options(systemResolver))
    expect(error.code).toBe('address_refused')
    expect(error.details.refused?.category).toBe('loopback')
  })
})

describe('compileHostAllowance', () => {
  it('matches names, subdomain patterns, addresses and CIDRs', () => {
    const allowance = compileHostAllowance([
      'Example.COM',
      '*.internal',
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      ' ',
    ])
    expect(allowance.allowsName('example.com')).toBe(true)
    expect(allowance.allowsName('example.com.')).toBe(true)
    expect(allowance.allowsName('www.example.com')).toBe(false)
    expect(allowance.allowsName('a.b.internal')).toBe(true)
    expect(allowance.allowsName('internal')).toBe(false)
    expect(allowance.allowsName('127.0.0.1')).toBe(false)
    expect(allowance.allowsLiteral('127.0.0.1')).toBe(true)
    expect(allowance.allowsLiteral('[::1]')).toBe(true)
    expect(allowance.allowsLiteral('::ffff:127.0.0.1')).toBe(true)
    expect(allowance.allowsLiteral('10.200.0.1')).toBe(true)
    expect(allowance.allowsLiteral('fdab::1')).toBe(true)
    expect(allowance.allowsLiteral('11.0.0.1')).toBe(false)
    expect(allowance.allowsLiteral('example.com')).toBe(false)
  })

  it('ignores malformed entries', () => {
    const allowance = compileHostAllowance(['10.0.0.0/33', '10.0.0.0/x', '1.2.3.4/8/9', 'a/b'])
    expect(allowance.allowsLiteral('10.0.0.1')).toBe(false)
    expect(allowance.allowsName('a/b')).toBe(false)
  })

  it('normalizes hosts', () => {
    expect(normalizeHost(' [FE80::1] ')).toBe('fe80::1')
    expect(normalizeHost('Example.org.')).toBe('example.org')
  })
})
