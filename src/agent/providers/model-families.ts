/** What toolhost knows about a family of models. */
export interface ModelFamily {
  /** Matches the start of the model's own name (lowercase, vendor prefix like `anthropic/` removed). */
  readonly prefix: string
  /** The context window in tokens. */
  readonly contextTokens: number
  /** Whether the model reads images. */
  readonly acceptsImages: boolean
}

/**
 * Known model families, most specific first (the first matching prefix wins). Plain data: extend it
 * when a family's numbers are known. Unknown models get {@link defaultModelContextTokens}.
 */
export const modelFamilies: readonly ModelFamily[] = [
  { prefix: 'gpt-4.1', contextTokens: 1_047_576, acceptsImages: true },
  { prefix: 'gpt-4o', contextTokens: 128_000, acceptsImages: true },
  { prefix: 'gpt-4-turbo', contextTokens: 128_000, acceptsImages: true },
  { prefix: 'gpt-5', contextTokens: 400_000, acceptsImages: true },
  { prefix: 'gpt-3.5', contextTokens: 16_385, acceptsImages: false },
  { prefix: 'o1-mini', contextTokens: 128_000, acceptsImages: false },
  { prefix: 'o3-mini', contextTokens: 200_000, acceptsImages: false },
  { prefix: 'o1', contextTokens: 200_000, acceptsImages: true },
  { prefix: 'o3', contextTokens: 200_000, acceptsImages: true },
  { prefix: 'o4', contextTokens: 200_000, acceptsImages: true },
  { prefix: 'claude', contextTokens: 200_000, acceptsImages: true },
  { prefix: 'gemini-1.5-pro', contextTokens: 2_097_152, acceptsImages: true },
  { prefix: 'gemini-1.5', contextTokens: 1_048_576, acceptsImages: true },
  { prefix: 'gemini-2', contextTokens: 1_048_576, acceptsImages: true },
  { prefix: 'gemini-3', contextTokens: 1_048_576, acceptsImages: true },
  { prefix: 'deepseek-v2', contextTokens: 64_000, acceptsImages: false },
  { prefix: 'deepseek-coder', contextTokens: 64_000, acceptsImages: false },
  { prefix: 'deepseek', contextTokens: 128_000, acceptsImages: false },
  { prefix: 'llama3.2-vision', contextTokens: 128_000, acceptsImages: true },
  { prefix: 'llama3', contextTokens: 128_000, acceptsImages: false },
  { prefix: 'llava', contextTokens: 4_096, acceptsImages: true },
  { prefix: 'qwen2.5vl', contextTokens: 128_000, acceptsImages: true },
  { prefix: 'qwen', contextTokens: 32_768, acceptsImages: false },
  { prefix: 'mistral-large', contextTokens: 128_000, acceptsImages: false },
]

/** The context window assumed for a model the table does not know. */
export const defaultModelContextTokens = 128_000

/**
 * The family of a model id, if the table knows it. Vendor prefixes (`anthropic/claude-…` on
 * OpenRouter, `models/gemini-…`) are ignored, case does not matter.
 *
 * @example lookupModelFamily('anthropic/claude-3.5-sonnet')?.contextTokens // 200000
 */
export function lookupModelFamily(modelId: string): ModelFamily | undefined {
  const name = modelId.toLowerCase().slice(modelId.lastIndexOf('/') + 1)
  return modelFamilies.find((family) => name.startsWith(family.prefix))
}
