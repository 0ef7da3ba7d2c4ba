import { describe, expect, it } from 'vitest'
import { lazyModel } from './lazy-model.js'
import { loadModel } from './load-model.js'

const connection = { apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', fetch: undefined }

describe('lazyModel', () => {
  it('knows its provider and id before loading, and loads the real model once, at the first request', async () => {
    let loads = 0
    const model = lazyModel('anthropic.messages', 'claude-x', () => {
      loads++
      return loadModel('anthropic', 'claude-x', connection)
    })
    expect(model).toMatchObject({ specificationVersion: 'v4', provider: 'anthropic.messages', modelId: 'claude-x' })
    expect(loads).toBe(0)
    const real = await loadModel('anthropic', 'claude-x', connection)
    expect(await model.supportedUrls).toEqual(await real.supportedUrls)
    expect(await model.supportedUrls).toEqual(await real.supportedUrls)
    expect(loads).toBe(1)
  })

  it('rejects every request with the error of a load that failed', async () => {
    const model = lazyModel('openai.chat', 'm', () => Promise.reject(new Error('Cannot find package @ai-sdk/openai')))
    const request = { prompt: [] }
    await expect(model.doStream(request)).rejects.toThrow('Cannot find package @ai-sdk/openai')
    await expect(model.doGenerate(request)).rejects.toThrow('Cannot find package @ai-sdk/openai')
  })

  it('refuses a real model that reports another provider', async () => {
    const model = lazyModel('anthropic.messages', 'm', () => loadModel('openai-chat', 'm', connection))
    await expect(model.doStream({ prompt: [] })).rejects.toThrow(
      'the model of anthropic.messages reports provider "openai.chat"',
    )
  })
})
