import type { JsonSchema } from '../../core/json-schema.js'
import { ensureObjectRoot } from './ensure-object-root.js'
import { inlineRefs } from './inline-refs.js'
import type { SchemaResult } from './schema-result.js'
import { stripMetaKeywords } from './strip-meta-keywords.js'

/**
 * The steps every protocol shares: inline `$ref`s, strip document keywords (`$schema`, `$id`,
 * `$comment`…), and make the root an object. The result is plain JSON Schema 2020-12 without
 * references, ready for a dialect pass.
 */
export function prepareSchema(schema: JsonSchema): SchemaResult {
  const inlined = inlineRefs(schema)
  const stripped = stripMetaKeywords(inlined.schema)
  const rooted = ensureObjectRoot(stripped.schema)
  return { schema: rooted.schema, dropped: [...inlined.dropped, ...stripped.dropped, ...rooted.dropped] }
}
