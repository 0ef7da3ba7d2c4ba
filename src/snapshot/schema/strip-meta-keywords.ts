import type { SchemaDrop } from '../protocols/protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { joinPointer } from './json-pointer.js'
import type { SchemaResult } from './schema-result.js'
import { mapSubschemas } from './subschemas.js'

/**
 * Keywords about the schema document rather than the value. Once refs are inlined they mean
 * nothing, and several providers reject them (`$schema` above all).
 */
const metaKeywords = new Set([
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$vocabulary',
])

/** Removes document keywords (`$schema`, `$id`, `$comment`, anchors, `$vocabulary`) at every depth, reporting each. */
export function stripMetaKeywords(schema: JsonSchema): SchemaResult {
  const dropped: SchemaDrop[] = []
  const strip = (node: JsonSchema, path: string): JsonSchema => {
    const kept: JsonSchema = {}
    for (const [keyword, value] of Object.entries(node)) {
      if (metaKeywords.has(keyword)) {
        dropped.push({
          path: joinPointer(path, keyword),
          keyword,
          reason: 'document keyword, not part of the value schema',
        })
      } else {
        kept[keyword] = value
      }
    }
    return mapSubschemas(kept, (sub, tokens) =>
      typeof sub === 'boolean' ? sub : strip(sub, joinPointer(path, ...tokens)),
    )
  }
  return { schema: strip(schema, ''), dropped }
}
