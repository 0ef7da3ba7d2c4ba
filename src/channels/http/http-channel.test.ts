import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApprovalPrompt, OutboundMessage } from '../channel.js'
import { arrayHost, type ArrayHost } from '../__fixtures__/array-host.js'
import { serveChannel, type ServedChannel } from '../__fixtures__/serve-channel.js'
import { newChannelSecret } from './channel-secret.js'
import { httpChannel, type HttpChannelOptions } from './http-channel.js'

const secret = newChannelSecret()
const auth = { authorization: `Bearer ${secret}` }
const json = { ...auth, 'content-type': 'application/json' }
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(options: Partial<HttpChannelOptions> = {}): Promise<{ served: ServedChannel; host: ArrayHost }> {
  const host = arrayHost('http')
  const served = await serveChannel(httpChannel({ secret, allowPrivateCallbacks: true, ...options }), host)
  cleanups.push(() => served.close())
  return { served, host }
}

async function post(url: string, body: unknown, headers: Record<string, string> = json) {
  const response = await fetch(`${url}/messages`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }
}

/** A webhook receiver on 127.0.0.1 that records what it is sent and answers with `status`. */
async function receiver(status = 200) {
  const deliveries: { headers: IncomingHttpHeaders; body: string }[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(status).end(status === 200 ? 'ok' : 'receiver is down')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries }
}

/** Reads a server-sent-events stream; `next` waits for the next event or comment. */
async function openEvents(url: string, headers: Record<string, string> = auth) {
  const controller = new AbortController()
  const response = await fetch(url, { headers, signal: controller.signal })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const next = async (): Promise<string> => {
    while (!buffer.includes('\n\n')) {
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      buffer += value
    }
    const end = buffer.indexOf('\n\n')
    const block = buffer.slice(0, end)
    buffer = buffer.slice(end + 2)
    return block
  }
  const nextEvent = async (): Promise<{ id: string; data: Record<string, unknown> }> => {
    for (;;) {
      const block = await next()
      if (block.startsWith(':')) continue
      const id = /^id: (.*)$/m.exec(block)?.[1] ?? ''
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>
      return { id, data }
    }
  }
  cleanups.push(async () => controller.abort())
  return { response, next, nextEvent, close: () => controller.abort() }
}

function outbound(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    id: 'out-1',
    conversationId: 'http:c1',
    chatId: 'c1',
    role: 'assistant',
    text: 'Done.',
    address: {},
    correlationId: 'corr-1',
    ...overrides,
  }
}

describe('POST /messages', () => {
  it('records a message and answers 202 with its id; the same "id" again is a 200 duplicate', async () => {
    const { served, host } = await serve()
    const first = await post(served.url, { conversation: 'user-7:main', text: 'hello', id: 'client-1' })
    expect(first).toMatchObject({ status: 202, body: { messageId: 'm1', duplicate: false } })
    expect(host.received).toEqual([{ chatId: 'user-7:main', text: 'hello', address: {}, externalId: 'client-1' }])
    const again = await post(served.url, { conversation: 'user-7:main', text: 'hello', id: 'client-1' })
    expect(again).toMatchObject({ status: 200, body: { messageId: 'm1', duplicate: true } })
    expect(host.received).toHaveLength(1)
  })

  it('keeps the callback with the conversation', async () => {
    const { served, host } = await serve()
    const { url } = await receiver()
    expect((await post(served.url, { conversation: 'c1', text: 'hi', callback: url })).status).toBe(202)
    expect(host.received[0]).toEqual({ chatId: 'c1', text: 'hi', address: { callback: url } })
  })

  it('refuses requests without the secret, with WWW-Authenticate', async () => {
    const { served, host } = await serve()
    const none = await post(served.url, { conversation: 'c1', text: 'hi' }, { 'content-type': 'application/json' })
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer')
    expect(none.body['error']).toMatch(/Authorization: Bearer <secret>/)
    const wrong = await post(
      served.url,
      { conversation: 'c1', text: 'hi' },
      { authorization: `Bearer ${newChannelSecret()}`, 'content-type': 'application/json' },
    )
    expect(wrong.status).toBe(401)
    expect(wrong.body['error']).toMatch(/not the HTTP channel secret/)
    expect(host.received).toEqual([])
  })

  it('refuses bodies that are not JSON messages, saying what to fix', async () => {
    const { served, host } = await serve()
    const text = await post(served.url, 'hello', { ...auth, 'content-type': 'text/plain' })
    expect(text).toMatchObject({ status: 415, body: { error: expect.stringMatching(/application\/json/) } })
    expect(await post(served.url, '{"conversation":', json)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/not valid JSON/) },
    })
    expect(await post(served.url, { conversation: 'a b', text: 'hi' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/"conversation" must be 1-128 characters/) },
    })
    expect(await post(served.url, { conversation: 'c'.repeat(129), text: 'hi' })).toMatchObject({ status: 400 })
    expect(await post(served.url, { conversation: 'c1', text: '' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/"text" must not be empty/) },
    })
    expect(await post(served.url, { conversation: 'c1', text: 'x'.repeat(32_001) })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/"text" must be at most 32000/) },
    })
    expect(await post(served.url, '', json)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^Invalid message: the body is missing\. Send \{"conversation"/) },
    })
    expect(await post(served.url, { conversation: 7 })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/"conversation" must be a string, not a number; "text" is missing/) },
    })
    expect(await post(served.url, { conversation: 'c1', text: 'hi', colour: 'red' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/unknown fields "colour"/) },
    })
    expect(await post(served.url, { conversation: 'c1', text: 'hi', callback: 'ftp://example.com/' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/http:\/\/ or https:\/\//) },
    })
    expect(host.received).toEqual([])
  })

  it('refuses a body over 64 KiB with 413', async () => {
    const { served, host } = await serve()
    const big = await post(served.url, { conversation: 'c1', text: 'x'.repeat(70_000) })
    expect(big).toMatchObject({ status: 413, body: { error: expect.stringMatching(/over 65536 bytes/) } })
    expect(host.received).toEqual([])
  })

  it('refuses loopback and private callbacks unless allowed', async () => {
    const { served, host } = await serve({ allowPrivateCallbacks: false })
    for (const callback of ['http://127.0.0.1:9/hook', 'http://10.0.0.1/hook', 'http://169.254.169.254/latest']) {
      expect(await post(served.url, { conversation: 'c1', text: 'hi', callback })).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/must reach a public address/) },
      })
    }
    expect(host.received).toEqual([])
  })

  it('answers 405 to other methods and declines unknown paths', async () => {
    const { served } = await serve()
    const get = await fetch(`${served.url}/messages`, { headers: auth })
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect((await fetch(`${served.url}/nothing`, { headers: auth })).status).toBe(404)
  })

  it('refuses a foreign Host when allowed hosts are given', async () => {
    const { served } = await serve({ allowedHosts: ['daemon.invalid:1'] })
    const response = await post(served.url, { conversation: 'c1', text: 'hi' })
    expect(response).toMatchObject({ status: 403, body: { error: expect.stringMatching(/Invalid Host header/) } })
  })
})

describe('GET /conversations/<id>/messages', () => {
  it('lists the conversation in order, after a seq when asked; an unknown one is empty', async () => {
    const { served, host } = await serve()
    await post(served.url, { conversation: 'c1', text: 'question' })
    host.add('http:c1', 'assistant', 'answer')
    host.add('http:other', 'assistant', 'elsewhere')
    const all = await fetch(`${served.url}/conversations/c1/messages`, { headers: auth })
    expect(all.status).toBe(200)
    expect(await all.json()).toEqual({
      messages: [
        { seq: 1, id: 'm1', role: 'user', text: 'question', at: 1_700_000_000_001 },
        { seq: 2, id: 'm2', role: 'assistant', text: 'answer', at: 1_700_000_000_002 },
      ],
    })
    const after = await fetch(`${served.url}/conversations/c1/messages?after=1`, { headers: auth })
    expect(((await after.json()) as { messages: { seq: number }[] }).messages.map((m) => m.seq)).toEqual([2])
    const unknown = await fetch(`${served.url}/conversations/nobody/messages`, { headers: auth })
    expect(await unknown.json()).toEqual({ messages: [] })
  })

  it('needs the secret and a valid id and "after"', async () => {
    const { served } = await serve()
    expect((await fetch(`${served.url}/conversations/c1/messages`)).status).toBe(401)
    const badAfter = await fetch(`${served.url}/conversations/c1/messages?after=x`, { headers: auth })
    expect(badAfter.status).toBe(400)
    const badId = await fetch(`${served.url}/conversations/a%20b/messages`, { headers: auth })
    expect(badId.status).toBe(400)
  })
})

describe('GET /conversations/<id>/events', () => {
  it('streams each new message of the conversation with its seq as the event id', async () => {
    const { served, host } = await serve()
    const events = await openEvents(`${served.url}/conversations/c1/events`)
    expect(events.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(await events.next()).toBe(': connected')
    host.add('http:other', 'assistant', 'not this one')
    host.add('http:c1', 'assistant', 'first')
    await post(served.url, { conversation: 'c1', text: 'second' })
    expect(await events.nextEvent()).toEqual({
      id: '2',
      data: { seq: 2, id: 'm2', role: 'assistant', text: 'first', at: 1_700_000_000_002 },
    })
    expect(await events.nextEvent()).toMatchObject({ id: '3', data: { role: 'user', text: 'second' } })
  })

  it('resumes after Last-Event-ID with the missed messages first, none twice', async () => {
    const { served, host } = await serve()
    for (const text of ['one', 'two', 'three']) host.add('http:c1', 'assistant', text)
    const events = await openEvents(`${served.url}/conversations/c1/events`, { ...auth, 'last-event-id': '1' })
    expect(await events.nextEvent()).toMatchObject({ id: '2', data: { text: 'two' } })
    expect(await events.nextEvent()).toMatchObject({ id: '3', data: { text: 'three' } })
    host.add('http:c1', 'assistant', 'four')
    expect(await events.nextEvent()).toMatchObject({ id: '4', data: { text: 'four' } })
  })

  it('sends comment heartbeats and unsubscribes when the client goes away', async () => {
    const { served, host } = await serve({ heartbeatMs: 10 })
    const events = await openEvents(`${served.url}/conversations/c1/events`)
    expect(await events.next()).toBe(': connected')
    expect(await events.next()).toBe(': keep-alive')
    expect(host.subscriberCount('http:c1')).toBe(1)
    events.close()
    await vi.waitFor(() => expect(host.subscriberCount('http:c1')).toBe(0))
  })

  it('refuses a malformed Last-Event-ID and requests without the secret', async () => {
    const { served } = await serve()
    const url = `${served.url}/conversations/c1/events`
    expect((await fetch(url, { headers: { ...auth, 'last-event-id': 'abc' } })).status).toBe(400)
    expect((await fetch(url)).status).toBe(401)
  })
})

describe('webhook delivery', () => {
  function verify(delivery: { headers: IncomingHttpHeaders; body: string }) {
    const timestamp = String(delivery.headers['x-toolhost-timestamp'])
    const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')
    return delivery.headers['x-toolhost-signature'] === `sha256=${expected}`
  }

  it('POSTs replies to the conversation callback, signed with the secret', async () => {
    const { url, deliveries } = await receiver()
    const channel = httpChannel({ secret, allowPrivateCallbacks: true })
    await channel.send(outbound({ address: { callback: url } }))
    expect(deliveries).toHaveLength(1)
    const [delivery] = deliveries
    expect(verify(delivery!)).toBe(true)
    expect(delivery!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(delivery!.body)).toEqual({
      conversation: 'c1',
      messageId: 'out-1',
      role: 'assistant',
      text: 'Done.',
      correlationId: 'corr-1',
    })
  })

  it('sends approval requests with their code, to the default webhook when there is no callback', async () => {
    const { url, deliveries } = await receiver()
    const channel = httpChannel({ secret, webhook: url, allowPrivateCallbacks: true })
    const request: ApprovalPrompt = {
      ...outbound({ id: 'out-2', text: 'Approve system.shell "rm -rf build"? Reply 123456.' }),
      role: 'approval',
      approvalId: 'ap-1',
      code: '123456',
      tool: 'system.shell',
      inputText: '{"command":"rm -rf build"}',
      reason: 'writes files',
      expiresAt: 1_800_000_000_000,
    }
    await channel.sendApprovalRequest(request)
    expect(verify(deliveries[0]!)).toBe(true)
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      role: 'approval',
      messageId: 'out-2',
      approvalId: 'ap-1',
      code: '123456',
      tool: 'system.shell',
      input: '{"command":"rm -rf build"}',
      reason: 'writes files',
      expiresAt: 1_800_000_000_000,
    })
  })

  it('throws on a non-2xx answer or a refused address, so the delivery is retried', async () => {
    const failing = await receiver(503)
    const allowed = httpChannel({ secret, allowPrivateCallbacks: true })
    await expect(allowed.send(outbound({ address: { callback: failing.url } }))).rejects.toThrow(
      /answered 503: receiver is down/,
    )
    const ok = await receiver()
    const strict = httpChannel({ secret })
    await expect(strict.send(outbound({ address: { callback: ok.url } }))).rejects.toMatchObject({
      code: 'address_refused',
    })
    expect(ok.deliveries).toEqual([])
  })

  it('refuses a short secret', () => {
    expect(() => httpChannel({ secret: 'short' })).toThrow(/at least 32/)
  })

  it('has nothing to push without a callback or webhook', async () => {
    await expect(httpChannel({ secret }).send(outbound())).resolves.toBeUndefined()
  })
})
