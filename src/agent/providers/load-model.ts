import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelProvider } from './model-spec.js'

/** How a provider package is reached: key (absent: none sent), base URL, and the fetch to use. */
export interface ModelConnection {
  readonly apiKey: string | undefined
  readonly baseURL: string
  readonly fetch: typeof globalThis.fetch | undefined
}

/** The `provider` name the package's model reports, known before the package is loaded. */
export function packageProviderName(provider: ModelProvider): string {
  switch (provider) {
    case 'openai':
      return 'openai.responses'
    case 'openai-chat':
      return 'openai.chat'
    case 'anthropic':
      return 'anthropic.messages'
    case 'google':
      return 'google.generative-ai'
    case 'deepseek':
      return 'deepseek.chat'
    case 'ollama':
    case 'vllm':
    case 'lmstudio':
    case 'openrouter':
    case 'openai-compatible':
      return `${provider}.chat`
  }
}

/**
 * Imports the provider's AI SDK package (only that one: each is large) and creates the model.
 * @throws the package's own error when it cannot be loaded
 */
export async function loadModel(
  provider: ModelProvider,
  modelId: string,
  connection: ModelConnection,
): Promise<LanguageModelV4> {
  const { apiKey, baseURL, fetch } = connection
  // The providers fall back to their environment variable and the global fetch only when the key is absent.
  const settings = { baseURL, ...(apiKey !== undefined && { apiKey }), ...(fetch !== undefined && { fetch }) }
  switch (provider) {
    case 'openai':
      return (await import('@ai-sdk/openai')).createOpenAI(settings).responses(modelId)
    case 'openai-chat':
      return (await import('@ai-sdk/openai')).createOpenAI(settings).chat(modelId)
    case 'anthropic':
      return (await import('@ai-sdk/anthropic')).createAnthropic(settings).languageModel(modelId)
    case 'google':
      return (await import('@ai-sdk/google')).createGoogleGenerativeAI(settings).languageModel(modelId)
    case 'deepseek':
      return (await import('@ai-sdk/deepseek')).createDeepSeek(settings).languageModel(modelId)
    case 'ollama':
    case 'vllm':
    case 'lmstudio':
    case 'openrouter':
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
      return createOpenAICompatible({ name: provider, ...settings, includeUsage: true }).chatModel(modelId)
    }
  }
}
