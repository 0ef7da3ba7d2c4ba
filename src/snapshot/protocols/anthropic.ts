import { prepareSchema } from '../schema/prepare-schema.js'
import { asciiToolNameRules } from './name-rules.js'
import type { Protocol } from './protocol.js'
import { unsupportedStrictDrops } from './unsupported-strict.js'

/**
 * Anthropic Messages: `input_schema` is JSON Schema 2020-12, kept as is once refs are inlined and the
 * root is an object; a `tool_result` block may hold image blocks.
 */
export const anthropicProtocol: Protocol = {
  name: 'anthropic',
  ...asciiToolNameRules,
  imagesInToolResults: true,
  supportsStrict: false,
  compileSchema(schema, options) {
    const prepared = prepareSchema(schema)
    return {
      schema: prepared.schema,
      dropped: [...prepared.dropped, ...unsupportedStrictDrops('anthropic', options)],
      strict: false,
    }
  },
}
