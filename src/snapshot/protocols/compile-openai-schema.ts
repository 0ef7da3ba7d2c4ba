import { prepareSchema } from '../schema/prepare-schema.js'
import { toOpenAIStrict } from '../schema/openai-strict.js'
import type { CompiledSchema, SchemaCompileOptions } from './protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'

/**
 * The schema compiler of the OpenAI dialects: refs inlined, document keywords stripped, object root;
 * with `strict`, rewritten for strict mode. A schema that cannot be strict comes back unstrict
 * (`strict: false`), its drops saying why.
 */
export function compileOpenAISchema(schema: JsonSchema, options: SchemaCompileOptions = {}): CompiledSchema {
  const prepared = prepareSchema(schema)
  if (options.strict !== true) return { schema: prepared.schema, dropped: prepared.dropped, strict: false }
  const strict = toOpenAIStrict(prepared.schema)
  if (!strict.strictCompatible) {
    return { schema: prepared.schema, dropped: [...prepared.dropped, ...strict.blockers], strict: false }
  }
  return { schema: strict.schema, dropped: [...prepared.dropped, ...strict.dropped], strict: true }
}
