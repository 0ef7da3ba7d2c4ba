import { compileOpenAISchema } from './compile-openai-schema.js'
import { asciiToolNameRules } from './name-rules.js'
import type { Protocol } from './protocol.js'

/**
 * Servers that speak Chat Completions (vLLM, Ollama, LM Studio, gateways…): OpenAI's rules, and
 * like Chat Completions no images in a `tool` message. Strict is passed through for servers that honour it.
 */
export const openaiCompatibleProtocol: Protocol = {
  name: 'openai-compatible',
  ...asciiToolNameRules,
  imagesInToolResults: false,
  supportsStrict: true,
  compileSchema: compileOpenAISchema,
}
