import { APICallError } from '@ai-sdk/provider'
import { afterEach, describe, expect, it } from 'vitest'
import { startReplayServer, type ReplayServer } from '../../../test/model-server/replay-server.js'
import { ModelConfigError } from './model-config-error.js'
import { isRetryableModelError, withModelRetries, type ModelRetryInfo } from './model-retries.js'
import { ModelStreamError } from './model-stream-error.js'
import { resolveModel } from './resolve-model.js'
import { streamTurn } from './stream-turn.js'

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
const okChunk = JSON.stringify({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }],
})

/** A sleep that records the waits and returns at once (rejecting when the signal is aborted). */
function instantSleep(waits: number[]) {
  return (ms: number, signal?: AbortSignal): Promise<void> => {
    waits.push(ms)
    return signal?.aborted === true ? Promise.reject(new DOMException('aborted', 'AbortError')) : Promise.resolve()
  }
}

let server: ReplayServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A server answering the first `failures` requests with `status`, then a good stream. */
async function failingServer(failures: number, status: number): Promise<ReplayServer> {
  return startReplayServer((_, index) =>
    index < failures
      ? { kind: 'json', status, body: { error: { message: `failure ${index + 1}`, type: 'server_error' } } }
      : { kind: 'sse', events: [okChunk] },
  )
}

function turnAgainst(origin: string) {
  const { model } = resolveModel('openrouter:a/b', { baseUrl: origin, apiKey: 'k' })
  return () => streamTurn(model, { prompt, tools: [] })
}

describe('withModelRetries', () => {
  it.each([500, 503, 429, 408])('retries HTTP %i three times, 3 s apart, after the first try', async (status) => {
    server = await failingServer(3, status)
    const waits: number[] = []
    const retries: ModelRetryInfo[] = []
    const turn = await withModelRetries(turnAgainst(server.origin), {
      sleep: instantSleep(waits),
      onRetry: (info) => retries.push(info),
    })
    expect(turn.text).toBe('ok')
    expect(server.requests).toHaveLength(4)
    expect(waits).toEqual([3000, 3000, 3000])
    expect(retries.map((info) => info.attempt)).toEqual([1, 2, 3])
    expect(retries[0]?.error).toContain(`HTTP ${status}`)
    expect(retries[0]?.delayMs).toBe(3000)
  })

  it('gives up after the retries with the last error', async () => {
    server = await failingServer(10, 500)
    const waits: number[] = []
    const failure = await withModelRetries(turnAgainst(server.origin), { sleep: instantSleep(waits) }).catch(
      (error: unknown) => error,
    )
    expect(APICallError.isInstance(failure)).toBe(true)
    expect((failure as APICallError).statusCode).toBe(500)
    expect(server.requests).toHaveLength(4)
    expect(waits).toHaveLength(3)
  })

  it('honours attempts and delayMs', async () => {
    server = await failingServer(10, 502)
    const waits: number[] = []
    await expect(
      withModelRetries(turnAgainst(server.origin), { attempts: 1, delayMs: 10, sleep: instantSleep(waits) }),
    ).rejects.toThrow()
    expect(server.requests).toHaveLength(2)
    expect(waits).toEqual([10])
  })

  it.each([400, 401, 403, 404])('does not retry HTTP %i', async (status) => {
    server = await failingServer(10, status)
    const waits: number[] = []
    const failure = await withModelRetries(turnAgainst(server.origin), { sleep: instantSleep(waits) }).catch(
      (error: unknown) => error,
    )
    expect((failure as APICallError).statusCode).toBe(status)
    expect(server.requests).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('retries a connection cut mid-response', async () => {
    server = await startReplayServer((_, index) =>
      index === 0 ? { kind: 'destroy' } : { kind: 'sse', events: [okChunk] },
    )
    const turn = await withModelRetries(turnAgainst(server.origin), { sleep: instantSleep([]) })
    expect(turn.text).toBe('ok')
    expect(server.requests).toHaveLength(2)
  })

  it('stops when aborted during the wait, without another try', async () => {
    server = await failingServer(10, 500)
    const controller = new AbortController()
    let tries = 0
    const attempt = turnAgainst(server.origin)
    const result = withModelRetries(
      () => {
        tries++
        return attempt()
      },
      { signal: controller.signal, onRetry: () => controller.abort() },
    )
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
    expect(tries).toBe(1)
    expect(server.requests).toHaveLength(1)
  })

  it('does not retry an abort', async () => {
    let tries = 0
    const abort = new DOMException('stop', 'AbortError')
    await expect(
      withModelRetries(
        () => {
          tries++
          return Promise.reject(abort)
        },
        { sleep: instantSleep([]) },
      ),
    ).rejects.toBe(abort)
    expect(tries).toBe(1)
  })
})

describe('isRetryableModelError', () => {
  const api = (statusCode: number) =>
    new APICallError({ message: 'x', url: 'http://h', requestBodyValues: {}, statusCode })

  it('follows the provider for HTTP errors', () => {
    expect(isRetryableModelError(api(500))).toBe(true)
    expect(isRetryableModelError(api(429))).toBe(true)
    expect(isRetryableModelError(api(400))).toBe(false)
    expect(isRetryableModelError(api(401))).toBe(false)
  })

  it('retries network failures, cut streams and retryable stream errors', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    expect(isRetryableModelError(new TypeError('fetch failed', { cause: reset }))).toBe(true)
    expect(isRetryableModelError(new TypeError('fetch failed'))).toBe(true)
    expect(isRetryableModelError(new ModelStreamError('cut', { retryable: true }))).toBe(true)
    expect(isRetryableModelError(new ModelStreamError('bad', { retryable: false }))).toBe(false)
    expect(isRetryableModelError({ message: 'Overloaded', isRetryable: true })).toBe(true)
  })

  it('never retries configuration errors, aborts or plain bugs', () => {
    expect(isRetryableModelError(new ModelConfigError('no key'))).toBe(false)
    expect(isRetryableModelError(new DOMException('x', 'AbortError'))).toBe(false)
    expect(isRetryableModelError(new Error('boom'))).toBe(false)
  })
})
