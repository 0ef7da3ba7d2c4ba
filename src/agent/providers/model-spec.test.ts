import { describe, expect, it } from 'vitest'
import { ModelConfigError } from './model-config-error.js'
import { modelProviders, parseModelSpec } from './model-spec.js'

describe('parseModelSpec', () => {
  it('splits at the first colon, keeping colons and slashes in the model id', () => {
    expect(parseModelSpec('openai:gpt-4.1')).toEqual({ provider: 'openai', modelId: 'gpt-4.1' })
    expect(parseModelSpec('ollama:llama3.1:8b')).toEqual({ provider: 'ollama', modelId: 'llama3.1:8b' })
    expect(parseModelSpec('openrouter:anthropic/claude-3.5-sonnet')).toEqual({
      provider: 'openrouter',
      modelId: 'anthropic/claude-3.5-sonnet',
    })
    expect(parseModelSpec('openai-compatible:org/model:q4')).toEqual({
      provider: 'openai-compatible',
      modelId: 'org/model:q4',
    })
  })

  it('knows every documented provider', () => {
    for (const provider of modelProviders) expect(parseModelSpec(`${provider}:m`).provider).toBe(provider)
  })

  it('refuses an unknown provider with one line listing the valid ones', () => {
    const error = (() => {
      try {
        parseModelSpec('mistral:large')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ModelConfigError)
    const message = (error as Error).message
    expect(message).not.toContain('\n')
    expect(message).toContain('unknown model provider "mistral"')
    for (const provider of modelProviders) expect(message).toContain(provider)
  })

  it('refuses a spec without provider or without model id', () => {
    expect(() => parseModelSpec('gpt-4o')).toThrow(/names no provider: write provider:model/)
    expect(() => parseModelSpec('openai:')).toThrow(/no model id/)
  })
})
