import { compileOpenAISchema } from './compile-openai-schema.js'
import { asciiToolNameRules } from './name-rules.js'
import type { Protocol } from './protocol.js'

/** OpenAI Chat Completions: a `tool` message holds text only, so images follow in a user message. */
export const openaiChatProtocol: Protocol = {
  name: 'openai-chat',
  ...asciiToolNameRules,
  imagesInToolResults: false,
  supportsStrict: true,
  compileSchema: compileOpenAISchema,
}
