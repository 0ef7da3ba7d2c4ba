import { ModelConfigError } from './model-config-error.js'

/**
 * The providers a model string may name, in the order help text lists them.
 *
 * - `openai`: OpenAI's Responses API; `openai-chat`: OpenAI's Chat Completions
 * - `anthropic`, `google` (Gemini API), `deepseek`
 * - `ollama`, `vllm`, `lmstudio`: local OpenAI-compatible servers (no key needed)
 * - `openrouter`: the OpenRouter gateway (Chat Completions)
 * - `openai-compatible`: any Chat Completions server; needs a base URL
 */
export const modelProviders = [
  'openai',
  'openai-chat',
  'anthropic',
  'google',
  'deepseek',
  'ollama',
  'vllm',
  'lmstudio',
  'openrouter',
  'openai-compatible',
] as const

/** A provider a model string may name. */
export type ModelProvider = (typeof modelProviders)[number]

/** A model string split into provider and the provider's own model id. */
export interface ModelSpec {
  readonly provider: ModelProvider
  /** The provider's model id, verbatim (it may hold `:` and `/`, e.g. `llama3.1:8b`). */
  readonly modelId: string
}

/** True when `value` names a provider. */
export function isModelProvider(value: string): value is ModelProvider {
  return (modelProviders as readonly string[]).includes(value)
}

/**
 * Splits a `provider:model` string at its first `:`. The model id keeps any further `:` and `/`.
 *
 * @example parseModelSpec('ollama:llama3.1:8b') // { provider: 'ollama', modelId: 'llama3.1:8b' }
 * @example parseModelSpec('openrouter:anthropic/claude-3.5-sonnet')
 * @throws ModelConfigError when the provider is missing or unknown, or the model id is empty.
 */
export function parseModelSpec(spec: string): ModelSpec {
  const trimmed = spec.trim()
  const colon = trimmed.indexOf(':')
  const valid = modelProviders.join(', ')
  if (colon < 0) {
    throw new ModelConfigError(
      `model "${trimmed}" names no provider: write provider:model, e.g. openai:gpt-4.1 (providers: ${valid})`,
    )
  }
  const provider = trimmed.slice(0, colon).trim().toLowerCase()
  const modelId = trimmed.slice(colon + 1).trim()
  if (!isModelProvider(provider)) {
    throw new ModelConfigError(`unknown model provider "${provider}" in "${trimmed}"; valid providers: ${valid}`)
  }
  if (modelId === '')
    throw new ModelConfigError(`model "${trimmed}" has no model id after "${provider}:", e.g. ${provider}:<model>`)
  return { provider, modelId }
}
