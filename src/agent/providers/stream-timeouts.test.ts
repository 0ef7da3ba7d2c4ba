import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { describeModelError } from './describe-model-error.js'
import { isRetryableModelError, withModelRetries } from './model-retries.js'
import { ModelTimeoutError } from './model-timeout-error.js'
import type { ModelStreamEvent } from './model-turn.js'
import { isLoopbackHost, isLoopbackRefusal } from './network-error.js'
import { resolveModel } from './resolve-model.js'
import { streamTurn } from './stream-turn.js'
import { closedPort } from '../../../test/closed-port.js'

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
const chunk = (delta: Record<string, unknown>) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta }] })}\n\n`

/** How the silent server behaves: never answer at all, or send headers and a first chunk, then nothing. */
type Silence = 'no-answer' | 'stalls-mid-stream'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

/** A loopback server that accepts every request and then goes silent; counts the requests. */
async function silentServer(silence: Silence): Promise<{ baseUrl: string; requests: () => number }> {
  let requests = 0
  const open: ServerResponse[] = []
  const server = createServer((req, res) => {
    requests += 1
    open.push(res)
    req.resume()
    if (silence === 'stalls-mid-stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(chunk({ role: 'assistant', content: 'Hel' }))
    }
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests: () => requests }
}

describe('model calls cannot hang', () => {
  it.each([
    ['no-answer', 'first-byte', 'after the request was sent'],
    ['stalls-mid-stream', 'mid-stream', 'in the middle of its answer'],
  ] as const)(
    'a server that %s fails the turn after the idle timeout, retryable, in one line',
    async (silence, phase, when) => {
      const server = await silentServer(silence)
      const { model } = resolveModel('openai-chat:gpt-4o', { baseUrl: server.baseUrl, apiKey: 'k' })
      const events: ModelStreamEvent[] = []
      const error: unknown = await streamTurn(model, {
        prompt,
        tools: [],
        idleTimeoutMs: 200,
        onEvent: (event) => events.push(event),
      }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ModelTimeoutError)
      expect(error).toMatchObject({ phase, seconds: 0.2 })
      expect(isRetryableModelError(error)).toBe(true)
      expect(describeModelError(error, { baseUrl: server.baseUrl })).toBe(
        `no answer from ${server.baseUrl} for 0.2 s ${when}: is the server overloaded or stuck? (a slow model may need a larger agent.streamIdleTimeoutSec)`,
      )
      expect(describeModelError(error)).toMatch(/^no answer from the model for 0\.2 s /)
      const phases = events.flatMap((event) => (event.type === 'model-call' ? [event.phase] : []))
      expect(phases).toEqual(silence === 'no-answer' ? ['sent', 'ended'] : ['sent', 'responding', 'ended'])
      if (silence === 'stalls-mid-stream') expect(events).toContainEqual({ type: 'text-delta', delta: 'Hel' })
    },
  )

  it('is retried like other retryable errors: four tries, then the timeout', async () => {
    const server = await silentServer('no-answer')
    const { model } = resolveModel('openai-chat:gpt-4o', { baseUrl: server.baseUrl, apiKey: 'k' })
    const retries: number[] = []
    const attempt = () => streamTurn(model, { prompt, tools: [], idleTimeoutMs: 200 })
    await expect(
      withModelRetries(attempt, { sleep: async () => {}, onRetry: ({ attempt: n }) => retries.push(n) }),
    ).rejects.toBeInstanceOf(ModelTimeoutError)
    expect(retries).toEqual([1, 2, 3])
    expect(server.requests()).toBe(4)
  })

  it('an abort of the caller stays an abort, not a timeout', async () => {
    const server = await silentServer('no-answer')
    const { model } = resolveModel('openai-chat:gpt-4o', { baseUrl: server.baseUrl, apiKey: 'k' })
    const controller = new AbortController()
    const turn = streamTurn(model, {
      prompt,
      tools: [],
      idleTimeoutMs: 60_000,
      signal: controller.signal,
      onEvent: (event) => event.type === 'model-call' && event.phase === 'sent' && controller.abort(),
    })
    await expect(turn).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('does not retry a connection refused on this machine', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`
    const { model } = resolveModel('openai-chat:gpt-4o', { baseUrl, apiKey: 'k' })
    let tries = 0
    const attempt = () => {
      tries += 1
      return streamTurn(model, { prompt, tools: [] })
    }
    const error: unknown = await withModelRetries(attempt, { sleep: async () => {} }).catch((caught: unknown) => caught)
    expect(tries).toBe(1)
    expect(isLoopbackRefusal(error)).toBe(true)
    expect(describeModelError(error, { baseUrl })).toBe(
      `cannot reach ${baseUrl}: is the server running? (ECONNREFUSED)`,
    )
  })

  it('still retries a connection refused by another machine', () => {
    const refused = (address: string) =>
      new TypeError('fetch failed', {
        cause: Object.assign(new Error(`connect ECONNREFUSED ${address}:443`), { code: 'ECONNREFUSED', address }),
      })
    expect(isRetryableModelError(refused('10.1.2.3'))).toBe(true)
    expect(isRetryableModelError(refused('127.0.0.1'))).toBe(false)
    expect(isRetryableModelError(refused('::1'))).toBe(false)
    expect(['localhost', 'api.localhost', '127.8.9.10', '[::1]', '::ffff:127.0.0.1'].every(isLoopbackHost)).toBe(true)
    expect(['example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com'].some(isLoopbackHost)).toBe(false)
  })
})
