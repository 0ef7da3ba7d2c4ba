import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ProtocolName } from '../../core/protocol-name.js'
import { lazyModel } from './lazy-model.js'
import { loadModel, packageProviderName } from './load-model.js'
import { ModelConfigError } from './model-config-error.js'
import { defaultModelContextTokens, lookupModelFamily } from './model-families.js'
import { parseModelSpec, type ModelProvider } from './model-spec.js'

/** A model ready to stream, with what the runtime needs to know about it. */
export interface ResolvedModel {
  readonly model: LanguageModelV4
  /** The model string as given. */
  readonly spec: string
  readonly provider: ModelProvider
  readonly modelId: string
  /** The wire dialect the snapshot must speak for this model. */
  readonly protocol: ProtocolName
  /** The base URL requests go to. */
  readonly baseUrl: string
  /** The model's context window in tokens (from the family table; 128,000 when unknown). */
  readonly contextTokens: number
  readonly acceptsImages: boolean
}

/** Options of {@link resolveModel}. */
export interface ResolveModelOptions {
  /** Overrides the provider's base URL (`--base-url`). */
  readonly baseUrl?: string
  /** Overrides the key from the environment (`--api-key`). */
  readonly apiKey?: string
  /** Where keys and base URLs are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** The fetch the provider package uses (tests, proxies). */
  readonly fetch?: typeof globalThis.fetch
}

/** How one provider is reached. */
export interface ProviderRule {
  readonly protocol: ProtocolName
  /** Environment variables holding the key, first set wins. */
  readonly keyEnv: readonly string[]
  /** False for local servers, which need no key. */
  readonly keyRequired: boolean
  /** Environment variable overriding the base URL. */
  readonly baseUrlEnv: string
  /** Absent for `openai-compatible`, which has no default server. */
  readonly defaultBaseUrl?: string
  /** Whether a model the family table does not know is assumed to read images. */
  readonly imagesByDefault: boolean
}

/**
 * Keys, base URLs and protocols per provider. The base URL is the `baseUrl` option, else the
 * provider's environment variable, else the default here.
 *
 * DeepSeek speaks `openai-compatible` (Chat Completions by a server that is not OpenAI: its strict
 * tool mode exists only on its `/beta` URL). OpenRouter, Ollama, vLLM and LM Studio also speak it.
 */
export const providerRules: Readonly<Record<ModelProvider, ProviderRule>> = {
  openai: {
    protocol: 'openai-responses',
    keyEnv: ['OPENAI_API_KEY'],
    keyRequired: true,
    baseUrlEnv: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
    imagesByDefault: true,
  },
  'openai-chat': {
    protocol: 'openai-chat',
    keyEnv: ['OPENAI_API_KEY'],
    keyRequired: true,
    baseUrlEnv: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
    imagesByDefault: true,
  },
  anthropic: {
    protocol: 'anthropic',
    keyEnv: ['ANTHROPIC_API_KEY'],
    keyRequired: true,
    baseUrlEnv: 'ANTHROPIC_BASE_URL',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    imagesByDefault: true,
  },
  google: {
    protocol: 'gemini',
    keyEnv: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'],
    keyRequired: true,
    baseUrlEnv: 'GOOGLE_GENERATIVE_AI_BASE_URL',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    imagesByDefault: true,
  },
  deepseek: {
    protocol: 'openai-compatible',
    keyEnv: ['DEEPSEEK_API_KEY'],
    keyRequired: true,
    baseUrlEnv: 'DEEPSEEK_BASE_URL',
    defaultBaseUrl: 'https://api.deepseek.com',
    imagesByDefault: false,
  },
  ollama: {
    protocol: 'openai-compatible',
    keyEnv: ['OLLAMA_API_KEY'],
    keyRequired: false,
    baseUrlEnv: 'OLLAMA_BASE_URL',
    defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    imagesByDefault: false,
  },
  vllm: {
    protocol: 'openai-compatible',
    keyEnv: ['VLLM_API_KEY'],
    keyRequired: false,
    baseUrlEnv: 'VLLM_BASE_URL',
    defaultBaseUrl: 'http://127.0.0.1:8000/v1',
    imagesByDefault: false,
  },
  lmstudio: {
    protocol: 'openai-compatible',
    keyEnv: ['LMSTUDIO_API_KEY'],
    keyRequired: false,
    baseUrlEnv: 'LMSTUDIO_BASE_URL',
    defaultBaseUrl: 'http://127.0.0.1:1234/v1',
    imagesByDefault: false,
  },
  openrouter: {
    protocol: 'openai-compatible',
    keyEnv: ['OPENROUTER_API_KEY'],
    keyRequired: true,
    baseUrlEnv: 'OPENROUTER_BASE_URL',
    defaultBaseUrl: 'https://openrouter.ai/api/v1',
    imagesByDefault: false,
  },
  'openai-compatible': {
    protocol: 'openai-compatible',
    keyEnv: ['OPENAI_COMPATIBLE_API_KEY'],
    keyRequired: false,
    baseUrlEnv: 'OPENAI_COMPATIBLE_BASE_URL',
    imagesByDefault: false,
  },
}

/**
 * Resolves a `provider:model` string to a streaming model of the matching AI SDK provider package
 * (imported at the model's first request).
 *
 * | provider | key (env) | base URL env | default base URL | protocol |
 * |---|---|---|---|---|
 * | openai | OPENAI_API_KEY | OPENAI_BASE_URL | https://api.openai.com/v1 | openai-responses |
 * | openai-chat | OPENAI_API_KEY | OPENAI_BASE_URL | https://api.openai.com/v1 | openai-chat |
 * | anthropic | ANTHROPIC_API_KEY | ANTHROPIC_BASE_URL | https://api.anthropic.com/v1 | anthropic |
 * | google | GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY | GOOGLE_GENERATIVE_AI_BASE_URL | https://generativelanguage.googleapis.com/v1beta | gemini |
 * | deepseek | DEEPSEEK_API_KEY | DEEPSEEK_BASE_URL | https://api.deepseek.com | openai-compatible |
 * | ollama | (OLLAMA_API_KEY, optional) | OLLAMA_BASE_URL | http://127.0.0.1:11434/v1 | openai-compatible |
 * | vllm | (VLLM_API_KEY, optional) | VLLM_BASE_URL | http://127.0.0.1:8000/v1 | openai-compatible |
 * | lmstudio | (LMSTUDIO_API_KEY, optional) | LMSTUDIO_BASE_URL | http://127.0.0.1:1234/v1 | openai-compatible |
 * | openrouter | OPENROUTER_API_KEY | OPENROUTER_BASE_URL | https://openrouter.ai/api/v1 | openai-compatible |
 * | openai-compatible | (OPENAI_COMPATIBLE_API_KEY, optional) | OPENAI_COMPATIBLE_BASE_URL | none: required | openai-compatible |
 *
 * `options.apiKey` / `options.baseUrl` win over the environment. The provider packages never read
 * `process.env` themselves: key and base URL are always passed explicitly.
 *
 * @throws ModelConfigError for an unknown provider, a missing key or a missing base URL.
 *
 * @example
 * const { model, protocol } = resolveModel('ollama:llama3.1:8b', { baseUrl: 'http://127.0.0.1:11434/v1' })
 */
export function resolveModel(spec: string, options: ResolveModelOptions = {}): ResolvedModel {
  const { provider, modelId } = parseModelSpec(spec)
  const rule = providerRules[provider]
  const env = options.env ?? process.env
  const baseUrl = nonEmpty(options.baseUrl) ?? nonEmpty(env[rule.baseUrlEnv]) ?? rule.defaultBaseUrl
  if (baseUrl === undefined) {
    throw new ModelConfigError(
      `${provider} needs a base URL: pass --base-url <url> or set ${rule.baseUrlEnv} (e.g. http://127.0.0.1:8080/v1)`,
    )
  }
  const apiKey =
    nonEmpty(options.apiKey) ?? rule.keyEnv.map((name) => nonEmpty(env[name])).find((key) => key !== undefined)
  if (apiKey === undefined && rule.keyRequired) {
    const names = rule.keyEnv.join(' or ')
    throw new ModelConfigError(
      `no API key for ${provider}: set ${names} or pass --api-key (a local server without a key: use ollama:, vllm:, lmstudio: or openai-compatible: with --base-url)`,
    )
  }
  const family = lookupModelFamily(modelId)
  return {
    // The provider package (hundreds of kB each) loads with the model's first request.
    model: lazyModel(packageProviderName(provider), modelId, () =>
      loadModel(provider, modelId, { apiKey, baseURL: baseUrl, fetch: options.fetch }),
    ),
    spec,
    provider,
    modelId,
    protocol: rule.protocol,
    baseUrl,
    contextTokens: family?.contextTokens ?? defaultModelContextTokens,
    acceptsImages: family?.acceptsImages ?? rule.imagesByDefault,
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}
