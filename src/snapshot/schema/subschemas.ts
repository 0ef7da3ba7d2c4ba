import type { JsonSchema } from '../../core/json-schema.js'
import { isSchemaNode, isSchemaObject, type SchemaNode } from './schema-node.js'

/** Keywords whose value is one subschema. */
const singleSchemaKeywords = [
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'additionalItems',
  'contentSchema',
] as const

/** Keywords whose value maps names to subschemas. */
const schemaMapKeywords = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'] as const

/** Keywords whose value is a list of subschemas. */
const schemaListKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const

/** Rewrites one subschema; `tokens` are the JSON Pointer tokens from the parent to it. */
export type SubschemaMapper = (subschema: SchemaNode, tokens: readonly (string | number)[]) => SchemaNode

/**
 * Returns a copy of `schema` with `map` applied to each direct subschema.
 *
 * Only keywords that hold subschemas are visited, so data such as `const`, `enum`, `default` or
 * `examples` is never mistaken for a schema. Keys keep their order; the input is not changed.
 */
export function mapSubschemas(schema: JsonSchema, map: SubschemaMapper): JsonSchema {
  const result: JsonSchema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    result[keyword] = mapKeywordValue(keyword, value, map)
  }
  return result
}

function mapKeywordValue(keyword: string, value: unknown, map: SubschemaMapper): unknown {
  if (keyword === 'items') {
    // 2020-12 `items` is one schema; draft-07 also allows a list (a tuple).
    if (Array.isArray(value)) return mapList(keyword, value, map)
    return isSchemaNode(value) ? map(value, [keyword]) : value
  }
  if (keyword === 'dependencies' && isSchemaObject(value)) {
    // Draft-07 `dependencies`: each entry is a schema or a list of property names.
    return mapEntries(keyword, value, map)
  }
  if ((singleSchemaKeywords as readonly string[]).includes(keyword)) {
    return isSchemaNode(value) ? map(value, [keyword]) : value
  }
  if ((schemaMapKeywords as readonly string[]).includes(keyword)) {
    return isSchemaObject(value) ? mapEntries(keyword, value, map) : value
  }
  if ((schemaListKeywords as readonly string[]).includes(keyword)) {
    return Array.isArray(value) ? mapList(keyword, value, map) : value
  }
  return value
}

function mapEntries(keyword: string, entries: JsonSchema, map: SubschemaMapper): JsonSchema {
  const result: JsonSchema = {}
  for (const [name, entry] of Object.entries(entries)) {
    result[name] = isSchemaNode(entry) ? map(entry, [keyword, name]) : entry
  }
  return result
}

function mapList(keyword: string, list: readonly unknown[], map: SubschemaMapper): unknown[] {
  return list.map((entry, index) => (isSchemaNode(entry) ? map(entry, [keyword, index]) : entry))
}
