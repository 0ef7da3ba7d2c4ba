import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import type { HostResolver } from '../../net/resolve-host.js'
import { fetchContext as context, fetchError, fetchPage, startFetchTestServers } from './__fixtures__/fetch-call.js'
import type { PageServer } from './__fixtures__/page-server.js'

let server: PageServer
let other: PageServer
const allowLoopback = ['127.0.0.1']

beforeAll(async () => {
  ;({ server, other } = await startFetchTestServers())
})

afterAll(async () => {
  await Promise.all([server.close(), other.close()])
})

describe('web.fetch address guard', () => {
  it('refuses loopback by default and never connects', async () => {
    const error = await fetchError({ url: server.url('/page') }, context())
    expect(error.code).toBe('web.address_refused')
    expect(error.message).toContain('127.0.0.1')
    expect(error.message).toContain('loopback')
    expect(error.message).toContain('network.allowPrivateHosts')
    expect(server.connections()).toBe(0)
  })

  it('refuses alternate notations of loopback', async () => {
    for (const host of ['2130706433', '0x7f.1', '017700000001', '127.1', '[::ffff:127.0.0.1]', '[::1]', '0']) {
      const error = await fetchError({ url: `http://${host}:${server.port}/page` }, context())
      expect(error.code, host).toBe('web.address_refused')
    }
    expect(server.connections()).toBe(0)
  })

  it('refuses a context without a profile', async () => {
    const ctx = testCallContext({ toolId: 'builtin:web.fetch' })
    expect((await fetchError({ url: server.url('/page') }, ctx)).code).toBe('web.address_refused')
  })

  it('refuses a name when one of its addresses is private, before connecting', async () => {
    const resolve: HostResolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.20.30.40', family: 4 },
    ]
    const error = await fetchError({ url: 'https://mixed.example/' }, context(), { resolve })
    expect(error.code).toBe('web.address_refused')
    expect(error.message).toContain('10.20.30.40')
    expect(error.message).toContain('private network')
  })

  it('refuses names that do not resolve', async () => {
    const resolve: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND no-such-host.invalid'), { code: 'ENOTFOUND' })
    }
    const error = await fetchError({ url: 'https://no-such-host.invalid/' }, context(), { resolve })
    expect(error.code).toBe('web.dns_failed')
    expect(error.message).toContain('no-such-host.invalid')
  })

  it('refuses schemes other than http and https, and invalid URLs', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'javascript:alert(1)', 'data:text/html,<p>x</p>']) {
      const error = await fetchError({ url }, context(allowLoopback))
      expect(error.code, url).toBe('web.scheme_refused')
    }
    expect((await fetchError({ url: 'not a url' }, context())).code).toBe('web.invalid_url')
  })
})

describe('web.fetch redirects', () => {
  it('follows redirects and reports them', async () => {
    const output = await fetchPage({ url: server.url('/hop1') }, context(allowLoopback))
    expect(output.content).toMatch(
      new RegExp(`^Redirected to ${server.url('/page').replace(/[.]/g, '\\.')}#section\\.\\n\\n# Test & page`),
    )
    expect(output.structured).toMatchObject({
      url: server.url('/hop1'),
      finalUrl: `${server.url('/page')}#section`,
      redirects: [
        { url: server.url('/hop1'), status: 301, location: server.url('/hop2') },
        { url: server.url('/hop2'), status: 307, location: `${server.url('/page')}#section` },
      ],
    })
  })

  it('refuses a redirect to a metadata address without connecting to it', async () => {
    const resolve = vi.fn<HostResolver>(async () => [])
    const error = await fetchError({ url: server.url('/to-metadata') }, context(allowLoopback), { resolve })
    expect(error.code).toBe('web.address_refused')
    expect(error.message).toContain('169.254.169.254')
    expect(error.message).toContain('cloud metadata')
    expect(error.message).toContain('Reached after 1 redirect(s)')
    expect(resolve).not.toHaveBeenCalled()
  })

  it('refuses a redirect to a loopback name when only the IP is allowed, without connecting', async () => {
    const resolve = vi.fn<HostResolver>(async () => [{ address: '127.0.0.1', family: 4 }])
    const error = await fetchError({ url: server.url('/to-localhost') }, context(allowLoopback), { resolve })
    expect(error.code).toBe('web.address_refused')
    expect(error.message).toContain(`localhost:${other.port}`)
    expect(resolve).toHaveBeenCalledWith('localhost')
    expect(other.connections()).toBe(0)
  })

  it('refuses redirects to other schemes', async () => {
    expect((await fetchError({ url: server.url('/to-ftp') }, context(allowLoopback))).code).toBe('web.scheme_refused')
  })

  it('stops redirect loops and long chains', async () => {
    const loop = await fetchError({ url: server.url('/loop-a') }, context(allowLoopback))
    expect(loop.code).toBe('web.redirect_loop')
    const chain = await fetchError({ url: server.url('/chain0') }, context(allowLoopback))
    expect(chain.code).toBe('web.too_many_redirects')
    expect(chain.message).toContain('more than 5 times')
    expect(server.requests.filter((r) => r.path.startsWith('/chain'))).toHaveLength(6)
  })
})

describe('web.fetch DNS rebinding', () => {
  it('connects to the address it checked, never resolving again', async () => {
    // The first answer passes the check (the name is allowed, loopback); every later one is a metadata address.
    let calls = 0
    const resolve = vi.fn<HostResolver>(async () =>
      calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }],
    )
    const output = await fetchPage({ url: `http://rebind.test:${server.port}/page` }, context(['rebind.test']), {
      resolve,
    })
    expect(output.content).toMatch(/^# Test & page/)
    expect(resolve).toHaveBeenCalledTimes(1)
    expect(server.requests.at(-1)).toMatchObject({ host: `rebind.test:${server.port}`, remoteAddress: '127.0.0.1' })
  })

  it('checks every redirect hop again, so a rebound name is refused', async () => {
    let calls = 0
    const resolve = vi.fn<HostResolver>(async () =>
      calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }],
    )
    const error = await fetchError({ url: `http://rebind.test:${server.port}/hop1` }, context(['rebind.test']), {
      resolve,
    })
    expect(error.code).toBe('web.address_refused')
    expect(resolve).toHaveBeenCalledTimes(2)
  })
})

describe('web.fetch limits and cancellation', () => {
  it('stops when the call is aborted', async () => {
    const controller = new AbortController()
    const seen = server.requests.length
    const failed = fetchError({ url: server.url('/hang') }, context(allowLoopback, controller.signal))
    // Aborted once the server holds the request, which it never answers.
    await vi.waitFor(() => expect(server.requests.slice(seen).map((r) => r.path)).toContain('/hang'), {
      timeout: 10_000,
      interval: 5,
    })
    controller.abort()
    const error = await failed
    expect(error.code).toBe('web.fetch_failed')
    expect(error.message).toContain('cancelled')
  })

  it('times out waiting for headers and overall', async () => {
    const headers = await fetchError({ url: server.url('/hang') }, context(allowLoopback), { headersTimeoutMs: 50 })
    expect(headers.code).toBe('web.timeout')
    const total = await fetchError({ url: server.url('/hang') }, context(allowLoopback), { timeoutMs: 50 })
    expect(total.code).toBe('web.timeout')
    const body = await fetchError({ url: server.url('/slow-body') }, context(allowLoopback), { timeoutMs: 100 })
    expect(body.code).toBe('web.timeout')
    expect(body.message).toContain('took longer than 0.1 s')
  })
})
