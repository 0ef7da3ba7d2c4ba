import { describe, expect, it } from 'vitest'
import { loadModel, packageProviderName } from './load-model.js'
import { modelProviders } from './model-spec.js'

describe('loadModel', () => {
  it.each([...modelProviders])(
    'creates a %s model that reports the provider name known before loading',
    async (provider) => {
      const model = await loadModel(provider, 'some-model', {
        apiKey: 'k',
        baseURL: 'http://127.0.0.1:9/v1',
        fetch: undefined,
      })
      expect(model.provider).toBe(packageProviderName(provider))
      expect(model.modelId).toBe('some-model')
    },
  )
})
