import type { LanguageModelV4 } from '@ai-sdk/provider'

/**
 * A model that creates the real one at its first request, so that resolving a model stays
 * synchronous while its provider package loads only when a turn is sent. Its `provider` and
 * `modelId` are known before; a real model that reports another provider is refused, since the
 * provider name decides request options (e.g. OpenAI's Responses storage).
 * @param load creates the real model; a failure to load rejects every request with the same error
 */
export function lazyModel(provider: string, modelId: string, load: () => Promise<LanguageModelV4>): LanguageModelV4 {
  let loading: Promise<LanguageModelV4> | undefined
  const real = (): Promise<LanguageModelV4> => {
    loading ??= load().then((model) => {
      if (model.provider !== provider)
        throw new Error(`the model of ${provider} reports provider "${model.provider}" (the provider package changed)`)
      return model
    })
    return loading
  }
  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    get supportedUrls() {
      return real().then((model) => model.supportedUrls)
    },
    doGenerate: async (options) => (await real()).doGenerate(options),
    doStream: async (options) => (await real()).doStream(options),
  }
}
