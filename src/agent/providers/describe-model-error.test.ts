import { APICallError } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { startReplayServer } from '../../../test/model-server/replay-server.js'
import { describeModelError } from './describe-model-error.js'
import { ModelConfigError } from './model-config-error.js'
import { ModelStreamError } from './model-stream-error.js'
import { resolveModel } from './resolve-model.js'
import { streamTurn } from './stream-turn.js'

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]

/** The error a real provider package throws for a server answering `status` with `body`. */
async function providerError(spec: string, basePath: string, status: number, body: unknown): Promise<unknown> {
  const server = await startReplayServer(() => ({ kind: 'json', status, body }))
  try {
    const { model } = resolveModel(spec, { baseUrl: `${server.origin}${basePath}`, apiKey: 'bad' })
    return await streamTurn(model, { prompt, tools: [] }).catch((error: unknown) => error)
  } finally {
    await server.close()
  }
}

describe('describeModelError', () => {
  it('names the key variable for a refused key (401/403)', async () => {
    const error = await providerError('anthropic:claude-x', '/v1', 401, {
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    })
    const line = describeModelError(error, { spec: 'anthropic:claude-x' })
    expect(line).toBe(
      'the provider refused the API key (HTTP 401): check ANTHROPIC_API_KEY or --api-key: invalid x-api-key',
    )
    expect(
      describeModelError(await providerError('openai:gpt-4o', '/v1', 403, { error: { message: 'forbidden region' } }), {
        spec: 'openai:gpt-4o',
      }),
    ).toContain('HTTP 403): check OPENAI_API_KEY')
  })

  it('says which model was not found (404)', async () => {
    const error = await providerError('ollama:llama9', '/v1', 404, {
      error: { message: 'model "llama9" not found, try pulling it first' },
    })
    const line = describeModelError(error, { spec: 'ollama:llama9', baseUrl: 'http://127.0.0.1:11434/v1' })
    expect(line).toContain('model "llama9" was not found (HTTP 404) at http://127.0.0.1:11434/v1')
    expect(line).toContain('try pulling it first')
  })

  it('reports rate limits (429) and provider failures (5xx)', async () => {
    expect(
      describeModelError(
        await providerError('openai-chat:gpt-4o', '/v1', 429, { error: { message: 'Rate limit reached' } }),
      ),
    ).toBe('rate limited by the provider (HTTP 429): Rate limit reached')
    expect(
      describeModelError(await providerError('openai-chat:gpt-4o', '/v1', 500, { error: { message: 'oops' } })),
    ).toBe('the provider failed (HTTP 500): oops')
  })

  it('recognizes a conversation longer than the context window', async () => {
    const error = await providerError('openai-chat:gpt-4o', '/v1', 400, {
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
        code: 'context_length_exceeded',
      },
    })
    expect(describeModelError(error)).toMatch(
      /^the conversation is longer than the model's context window \(HTTP 400\): This model's maximum context length/,
    )
    const anthropic = await providerError('anthropic:claude-x', '/v1', 400, {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    })
    expect(describeModelError(anthropic)).toContain("longer than the model's context window")
  })

  it('says the server is not running when nothing listens', async () => {
    const server = await startReplayServer(() => ({ kind: 'sse', events: [] }))
    const baseUrl = `${server.origin}/v1`
    await server.close()
    const { model } = resolveModel('vllm:m', { baseUrl })
    const error = await streamTurn(model, { prompt, tools: [] }).catch((caught: unknown) => caught)
    expect(describeModelError(error, { baseUrl })).toBe(
      `cannot reach ${baseUrl}: is the server running? (ECONNREFUSED)`,
    )
    expect(describeModelError(error)).toMatch(
      /^cannot reach http:\/\/127\.0\.0\.1:\d+\/v1: is the server running\? \(ECONNREFUSED\)$/,
    )
  })

  it('says so for an unknown host', () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' })
    const error = new APICallError({
      message: 'Cannot connect to API',
      url: 'http://nowhere.invalid/v1/chat/completions',
      requestBodyValues: {},
      cause: dns,
      isRetryable: true,
    })
    expect(describeModelError(error)).toBe('cannot reach http://nowhere.invalid/v1: is the server running? (ENOTFOUND)')
  })

  it('passes configuration errors, aborts and stream errors through as one line', () => {
    expect(describeModelError(new ModelConfigError('no API key for openai: set OPENAI_API_KEY'))).toBe(
      'no API key for openai: set OPENAI_API_KEY',
    )
    expect(describeModelError(new DOMException('x', 'AbortError'))).toBe('the model request was aborted')
    expect(
      describeModelError(
        new ModelStreamError('the model stream failed: Overloaded', {
          retryable: true,
          cause: { message: 'Overloaded' },
        }),
      ),
    ).toBe('the model stream failed: Overloaded')
    expect(describeModelError(new Error('line one\nline two'))).toBe('model call failed: line one line two')
  })
})
