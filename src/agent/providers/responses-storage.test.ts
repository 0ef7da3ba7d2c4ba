import type { LanguageModelV4 } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { resolveModel } from './resolve-model.js'
import { responsesStorage } from './responses-storage.js'

const model = (spec: string): LanguageModelV4 =>
  resolveModel(spec, { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' }).model

describe('responsesStorage', () => {
  it('stores nothing at OpenAI by default on the Responses API, keeping the other options', () => {
    expect(responsesStorage(model('openai:gpt-5-mini'), undefined)).toEqual({ openai: { store: false } })
    expect(
      responsesStorage(model('openai:gpt-5-mini'), { openai: { reasoningEffort: 'low' }, anthropic: { x: 1 } }),
    ).toEqual({ openai: { store: false, reasoningEffort: 'low' }, anthropic: { x: 1 } })
  })

  it('lets the profile opt into server-side storage', () => {
    expect(responsesStorage(model('openai:gpt-5-mini'), { openai: { store: true } })).toEqual({
      openai: { store: true },
    })
  })

  it('leaves other APIs alone', () => {
    expect(responsesStorage(model('openai-chat:gpt-4o'), undefined)).toBeUndefined()
    expect(responsesStorage(model('anthropic:claude-sonnet-4-5'), { anthropic: { x: 1 } })).toEqual({
      anthropic: { x: 1 },
    })
  })
})
