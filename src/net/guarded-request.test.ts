import type { IncomingMessage } from 'node:http'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirect, send, startPageServer, type PageServer } from '../tools/web/__fixtures__/page-server.js'
import { guardedRequest } from './guarded-request.js'

interface Echoed {
  readonly method: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

let server: PageServer
const echoed: Echoed[] = []
beforeAll(async () => {
  server = await startPageServer({
    '/echo': (request, response) => {
      void text(request).then((body) => {
        echoed.push({ method: request.method ?? '', headers: request.headers, body })
        response.writeHead(201, { 'content-type': 'text/plain' }).end(`got ${body.length}`)
      })
    },
    '/moved': redirect('/elsewhere'),
    '/big': send('x'.repeat(5000), 'text/plain'),
    '/slow': () => undefined,
  })
})
afterAll(() => server.close())

const loopback = { allowPrivateHosts: ['127.0.0.1'] }

describe('guardedRequest', () => {
  it('sends a method, headers and a body; Host and framing headers stay the client’s', async () => {
    const response = await guardedRequest(server.url('/echo'), {
      ...loopback,
      method: 'post',
      headers: {
        'content-type': 'application/json',
        host: 'internal.example',
        'transfer-encoding': 'chunked',
        'x-test': 'yes',
      },
      body: '{"a":1}',
    })
    expect(response).toMatchObject({ method: 'POST', status: 201, truncated: false })
    expect(response.body.toString()).toBe('got 7')
    const [seen] = echoed.slice(-1)
    expect(seen).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { host: `127.0.0.1:${server.port}`, 'content-length': '7', 'x-test': 'yes' },
    })
    expect(seen?.headers['transfer-encoding']).toBeUndefined()
  })

  it('returns a redirect instead of following it', async () => {
    const response = await guardedRequest(server.url('/moved'), loopback)
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/elsewhere')
    expect(server.requests.map((r) => r.path)).not.toContain('/elsewhere')
  })

  it('bounds the body and the time', async () => {
    const big = await guardedRequest(server.url('/big'), { ...loopback, maxBytes: 100 })
    expect(big).toMatchObject({ truncated: true })
    expect(big.body.length).toBe(100)
    await expect(guardedRequest(server.url('/slow'), { ...loopback, timeoutMs: 200 })).rejects.toMatchObject({
      code: 'timeout',
      details: { phase: 'total', limit: 200 },
    })
  })

  it('keeps every address check: loopback without allowance, metadata, other schemes', async () => {
    const connections = server.connections()
    await expect(guardedRequest(server.url('/echo'), { method: 'DELETE' })).rejects.toMatchObject({
      code: 'address_refused',
    })
    await expect(guardedRequest('http://169.254.169.254/latest', loopback)).rejects.toMatchObject({
      code: 'address_refused',
      details: { refused: { category: 'metadata' } },
    })
    await expect(guardedRequest('file:///etc/passwd', loopback)).rejects.toMatchObject({ code: 'scheme_refused' })
    await expect(guardedRequest('not a url', loopback)).rejects.toMatchObject({ code: 'invalid_url' })
    await expect(guardedRequest(server.url('/echo'), { ...loopback, method: 'GET /x' })).rejects.toThrow(TypeError)
    expect(server.connections()).toBe(connections)
  })
})
