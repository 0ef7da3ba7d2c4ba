import { describe, expect, it } from 'vitest'
import { startReplayServer } from '../../../test/model-server/replay-server.js'
import { ModelConfigError } from './model-config-error.js'
import { modelProviders, type ModelProvider } from './model-spec.js'
import { providerRules, resolveModel } from './resolve-model.js'
import { streamTurn } from './stream-turn.js'

const keys = {
  OPENAI_API_KEY: 'sk-openai',
  ANTHROPIC_API_KEY: 'sk-ant',
  GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
  DEEPSEEK_API_KEY: 'ds-key',
  OPENROUTER_API_KEY: 'or-key',
}

describe('resolveModel', () => {
  it.each([
    ['openai:gpt-4.1', 'openai-responses', 'https://api.openai.com/v1', 'openai.responses'],
    ['openai-chat:gpt-4o', 'openai-chat', 'https://api.openai.com/v1', 'openai.chat'],
    ['anthropic:claude-sonnet-4-5', 'anthropic', 'https://api.anthropic.com/v1', 'anthropic.messages'],
    ['google:gemini-2.5-pro', 'gemini', 'https://generativelanguage.googleapis.com/v1beta', 'google.generative-ai'],
    ['deepseek:deepseek-chat', 'openai-compatible', 'https://api.deepseek.com', 'deepseek.chat'],
    ['ollama:llama3.1:8b', 'openai-compatible', 'http://127.0.0.1:11434/v1', 'ollama.chat'],
    ['vllm:Qwen/Qwen2.5-7B-Instruct', 'openai-compatible', 'http://127.0.0.1:8000/v1', 'vllm.chat'],
    ['lmstudio:qwen2.5-7b-instruct', 'openai-compatible', 'http://127.0.0.1:1234/v1', 'lmstudio.chat'],
    ['openrouter:anthropic/claude-3.5-sonnet', 'openai-compatible', 'https://openrouter.ai/api/v1', 'openrouter.chat'],
  ])('%s speaks %s at %s', (spec, protocol, baseUrl, packageProvider) => {
    const resolved = resolveModel(spec, { env: keys })
    expect(resolved).toMatchObject({ spec, protocol, baseUrl })
    expect(resolved.model.provider).toBe(packageProvider)
    expect(resolved.model.modelId).toBe(spec.slice(spec.indexOf(':') + 1))
  })

  it('keeps colons of ollama model ids', () => {
    const resolved = resolveModel('ollama:llama3.1:8b', { env: {} })
    expect(resolved).toMatchObject({ provider: 'ollama', modelId: 'llama3.1:8b' })
    expect(resolved.model.modelId).toBe('llama3.1:8b')
  })

  it('has a rule for every provider', () => {
    expect(Object.keys(providerRules).sort()).toEqual([...modelProviders].sort())
  })

  it('refuses a missing key with one line naming the variable and the alternatives', () => {
    const needKey: [ModelProvider, string][] = [
      ['openai', 'OPENAI_API_KEY'],
      ['openai-chat', 'OPENAI_API_KEY'],
      ['anthropic', 'ANTHROPIC_API_KEY'],
      ['google', 'GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY'],
      ['deepseek', 'DEEPSEEK_API_KEY'],
      ['openrouter', 'OPENROUTER_API_KEY'],
    ]
    for (const [provider, variable] of needKey) {
      let error: unknown
      try {
        resolveModel(`${provider}:m`, { env: {} })
      } catch (caught) {
        error = caught
      }
      expect(error, provider).toBeInstanceOf(ModelConfigError)
      const message = (error as Error).message
      expect(message).toContain(`set ${variable}`)
      expect(message).toContain('--api-key')
      expect(message).toContain('--base-url')
      expect(message).not.toContain('\n')
    }
  })

  it('needs no key for local servers', () => {
    for (const provider of ['ollama', 'vllm', 'lmstudio'] as const)
      expect(resolveModel(`${provider}:m`, { env: {} }).provider).toBe(provider)
    expect(resolveModel('openai-compatible:m', { env: {}, baseUrl: 'http://127.0.0.1:9/v1' }).baseUrl).toBe(
      'http://127.0.0.1:9/v1',
    )
  })

  it('takes GEMINI_API_KEY when GOOGLE_GENERATIVE_AI_API_KEY is unset', () => {
    expect(resolveModel('google:gemini-2.0-flash', { env: { GEMINI_API_KEY: 'x' } }).protocol).toBe('gemini')
  })

  it('requires a base URL for openai-compatible', () => {
    expect(() => resolveModel('openai-compatible:m', { env: {} })).toThrow(
      /openai-compatible needs a base URL: pass --base-url <url> or set OPENAI_COMPATIBLE_BASE_URL/,
    )
    expect(resolveModel('openai-compatible:m', { env: { OPENAI_COMPATIBLE_BASE_URL: 'http://h/v1' } }).baseUrl).toBe(
      'http://h/v1',
    )
  })

  it('takes the base URL from the option, else the environment, else the default', () => {
    expect(resolveModel('ollama:m', { env: { OLLAMA_BASE_URL: 'http://box:11434/v1' } }).baseUrl).toBe(
      'http://box:11434/v1',
    )
    expect(
      resolveModel('ollama:m', { env: { OLLAMA_BASE_URL: 'http://box:11434/v1' }, baseUrl: 'http://other/v1' }).baseUrl,
    ).toBe('http://other/v1')
    expect(
      resolveModel('anthropic:claude-x', { env: { ...keys, ANTHROPIC_BASE_URL: 'http://proxy/v1' } }).baseUrl,
    ).toBe('http://proxy/v1')
    expect(resolveModel('openai:gpt-4o', { env: { ...keys, OPENAI_BASE_URL: 'http://gw/v1' } }).baseUrl).toBe(
      'http://gw/v1',
    )
  })

  it('prefers the apiKey option and sends it; reads env from options.env, not process.env', async () => {
    const server = await startReplayServer(() => ({
      kind: 'sse',
      events: [
        JSON.stringify({
          id: 'c',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'm',
          choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }],
        }),
      ],
    }))
    try {
      const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
      const fromEnv = resolveModel('openrouter:a/b', { env: { OPENROUTER_API_KEY: 'env-key' }, baseUrl: server.origin })
      await streamTurn(fromEnv.model, { prompt, tools: [] })
      const fromOption = resolveModel('openrouter:a/b', {
        env: { OPENROUTER_API_KEY: 'env-key' },
        apiKey: 'option-key',
        baseUrl: server.origin,
      })
      await streamTurn(fromOption.model, { prompt, tools: [] })
      const local = resolveModel('ollama:llama3.1:8b', { env: {}, baseUrl: server.origin })
      await streamTurn(local.model, { prompt, tools: [] })
      expect(server.requests.map((request) => request.headers.authorization)).toEqual([
        'Bearer env-key',
        'Bearer option-key',
        undefined,
      ])
      expect(server.requests[2]?.body).toMatchObject({
        model: 'llama3.1:8b',
        stream: true,
        stream_options: { include_usage: true },
      })
    } finally {
      await server.close()
    }
  })

  it('knows context windows and image input by model family', () => {
    expect(resolveModel('openai:gpt-4.1-mini', { env: keys })).toMatchObject({
      contextTokens: 1_047_576,
      acceptsImages: true,
    })
    expect(resolveModel('openai:gpt-4o', { env: keys })).toMatchObject({ contextTokens: 128_000, acceptsImages: true })
    expect(resolveModel('openai:o3', { env: keys })).toMatchObject({ contextTokens: 200_000 })
    expect(resolveModel('openai:o4-mini', { env: keys })).toMatchObject({ contextTokens: 200_000 })
    expect(resolveModel('anthropic:claude-sonnet-4-5', { env: keys })).toMatchObject({
      contextTokens: 200_000,
      acceptsImages: true,
    })
    expect(resolveModel('google:gemini-2.5-flash', { env: keys })).toMatchObject({
      contextTokens: 1_048_576,
      acceptsImages: true,
    })
    expect(resolveModel('google:gemini-1.5-flash', { env: keys })).toMatchObject({ contextTokens: 1_048_576 })
    expect(resolveModel('deepseek:deepseek-chat', { env: keys })).toMatchObject({
      contextTokens: 128_000,
      acceptsImages: false,
    })
    expect(resolveModel('openrouter:anthropic/claude-3.5-sonnet', { env: keys })).toMatchObject({
      contextTokens: 200_000,
      acceptsImages: true,
    })
  })

  it('defaults unknown models to 128,000 tokens; images by provider', () => {
    expect(resolveModel('openai:some-new-model', { env: keys })).toMatchObject({
      contextTokens: 128_000,
      acceptsImages: true,
    })
    expect(resolveModel('anthropic:mystery', { env: keys })).toMatchObject({ acceptsImages: true })
    expect(resolveModel('google:mystery', { env: keys })).toMatchObject({ acceptsImages: true })
    expect(resolveModel('vllm:my-finetune', { env: {} })).toMatchObject({
      contextTokens: 128_000,
      acceptsImages: false,
    })
    expect(resolveModel('openai-compatible:x', { env: {}, baseUrl: 'http://h/v1' })).toMatchObject({
      acceptsImages: false,
    })
  })
})
