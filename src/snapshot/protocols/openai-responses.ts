import { compileOpenAISchema } from './compile-openai-schema.js'
import { asciiToolNameRules } from './name-rules.js'
import type { Protocol } from './protocol.js'

/** OpenAI Responses API: `function_call_output` may carry `input_image` parts, so images stay in the result. */
export const openaiResponsesProtocol: Protocol = {
  name: 'openai-responses',
  ...asciiToolNameRules,
  imagesInToolResults: true,
  supportsStrict: true,
  compileSchema: compileOpenAISchema,
}
