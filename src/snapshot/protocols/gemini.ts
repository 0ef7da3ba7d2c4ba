import { toGeminiSubset } from '../schema/gemini-subset.js'
import { prepareSchema } from '../schema/prepare-schema.js'
import { geminiToolNameRules } from './name-rules.js'
import type { Protocol } from './protocol.js'
import { unsupportedStrictDrops } from './unsupported-strict.js'

/**
 * Gemini `functionDeclarations`: parameters in Gemini's OpenAPI 3.0 subset. A `functionResponse`
 * holds JSON only, so images follow in a user turn.
 */
export const geminiProtocol: Protocol = {
  name: 'gemini',
  ...geminiToolNameRules,
  imagesInToolResults: false,
  supportsStrict: false,
  compileSchema(schema, options) {
    const prepared = prepareSchema(schema)
    const lowered = toGeminiSubset(prepared.schema)
    return {
      schema: lowered.schema,
      dropped: [...prepared.dropped, ...lowered.dropped, ...unsupportedStrictDrops('gemini', options)],
      strict: false,
    }
  },
}
