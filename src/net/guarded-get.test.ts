import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { guardedGet } from './guarded-get.js'
import type * as PinnedRequestModule from './pinned-request.js'
import { pinnedLookup, requestPinned } from './pinned-request.js'
import type { HostResolver, ResolvedAddress } from './resolve-host.js'

// Every connection goes through requestPinned; replacing it shows what would have been connected,
// and nothing here reaches the network.
vi.mock('./pinned-request.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PinnedRequestModule>()
  return { ...actual, requestPinned: vi.fn() }
})
const pinned = vi.mocked(requestPinned)

/** A response that never touched the network. */
function fakeResponse(status: number, headers: Record<string, string>, body = ''): IncomingMessage {
  return Object.assign(Readable.from(body === '' ? [] : [Buffer.from(body)]), {
    statusCode: status,
    statusMessage: '',
    headers,
  }) as unknown as IncomingMessage
}

const publicAddress: ResolvedAddress = { address: '93.184.215.14', family: 4 }
const loopback: ResolvedAddress = { address: '127.0.0.1', family: 4 }

beforeEach(() => {
  pinned.mockReset()
  pinned.mockRejectedValue(new Error('unexpected connection'))
})

describe('guardedGet', () => {
  it('connects only to the addresses of its single check when DNS rebinds (public, then private)', async () => {
    let calls = 0
    const resolve = vi.fn<HostResolver>(async () => (calls++ === 0 ? [publicAddress] : [loopback]))
    pinned.mockResolvedValueOnce(fakeResponse(200, { 'content-type': 'text/plain' }, 'hello'))
    const response = await guardedGet('https://rebinding.example/', { resolve })
    expect(response.body.toString()).toBe('hello')
    expect(resolve).toHaveBeenCalledTimes(1)
    expect(pinned).toHaveBeenCalledTimes(1)
    expect(pinned.mock.calls[0]?.[1].addresses).toEqual([publicAddress])
  })

  it('re-checks every hop and never connects to a refused one', async () => {
    let calls = 0
    const resolve = vi.fn<HostResolver>(async () => (calls++ === 0 ? [publicAddress] : [loopback]))
    pinned.mockResolvedValueOnce(fakeResponse(302, { location: 'https://rebinding.example/next' }))
    await expect(guardedGet('https://rebinding.example/', { resolve })).rejects.toMatchObject({
      code: 'address_refused',
      details: {
        url: 'https://rebinding.example/next',
        redirects: 1,
        refused: { address: '127.0.0.1', category: 'loopback' },
      },
    })
    expect(pinned).toHaveBeenCalledTimes(1)
  })

  it('does not connect for refused literals, schemes or redirect targets', async () => {
    const resolve = vi.fn<HostResolver>(async () => [publicAddress])
    await expect(guardedGet('http://169.254.169.254/latest/meta-data/', { resolve })).rejects.toMatchObject({
      code: 'address_refused',
    })
    await expect(guardedGet('http://[::ffff:a9fe:a9fe]/', { resolve })).rejects.toMatchObject({
      code: 'address_refused',
    })
    await expect(guardedGet('file:///etc/passwd', { resolve })).rejects.toMatchObject({ code: 'scheme_refused' })
    pinned.mockResolvedValueOnce(fakeResponse(301, { location: 'http://0x7f.1/admin' }))
    await expect(guardedGet('https://public.example/', { resolve })).rejects.toMatchObject({
      code: 'address_refused',
      details: { redirects: 1 },
    })
    expect(pinned).toHaveBeenCalledTimes(1)
    expect(resolve).toHaveBeenCalledTimes(1)
  })

  it('returns 3xx responses without a Location as they are', async () => {
    pinned.mockResolvedValueOnce(fakeResponse(304, {}))
    const response = await guardedGet('https://public.example/', { resolve: async () => [publicAddress] })
    expect(response).toMatchObject({ status: 304, redirects: [], body: Buffer.alloc(0) })
  })

  it('reports an unparseable URL or Location', async () => {
    await expect(guardedGet('::not a url')).rejects.toMatchObject({ code: 'invalid_url' })
    pinned.mockResolvedValueOnce(fakeResponse(302, { location: 'http://[bad' }))
    await expect(guardedGet('https://public.example/', { resolve: async () => [publicAddress] })).rejects.toMatchObject(
      { code: 'invalid_url' },
    )
  })
})

describe('pinnedLookup', () => {
  const lookupWith = (addresses: readonly ResolvedAddress[], options: { all?: boolean; family?: number }) =>
    new Promise<unknown[]>((resolve) => {
      pinnedLookup(addresses)('anything.example', options, (error, address, family) =>
        resolve([error, address, family]),
      )
    })

  it('answers with the checked addresses whatever name it is asked about', async () => {
    const both: ResolvedAddress[] = [publicAddress, { address: '2606:2800:21f::1', family: 6 }]
    expect(await lookupWith(both, {})).toEqual([null, '93.184.215.14', 4])
    expect(await lookupWith(both, { all: true })).toEqual([null, both, undefined])
    expect(await lookupWith(both, { family: 6 })).toEqual([null, '2606:2800:21f::1', 6])
    expect(await lookupWith([publicAddress], { family: 6 })).toEqual([null, '93.184.215.14', 4])
    const [error] = await lookupWith([], {})
    expect(error).toMatchObject({ code: 'ENOTFOUND' })
  })
})
