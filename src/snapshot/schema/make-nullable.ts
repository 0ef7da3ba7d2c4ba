import type { JsonSchema } from '../../core/json-schema.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import { declaredTypes } from './schema-types.js'

/**
 * `schema` widened to also allow `null`, or `schema` itself when it already does:
 * `type` gains `"null"` (and `enum` gains `null`), a `const` becomes a two-value enum, an
 * `anyOf` gains a `{type: "null"}` branch, anything else is wrapped in one.
 */
export function makeNullable(schema: SchemaNode): SchemaNode {
  if (typeof schema === 'boolean' || allowsNull(schema)) return schema
  const types = declaredTypes(schema)
  const result: JsonSchema = { ...schema }
  if (Array.isArray(schema.anyOf)) {
    result.anyOf = [...schema.anyOf, { type: 'null' }]
    return result
  }
  if (types.length > 0) {
    if (!types.includes('null')) result.type = [...types, 'null']
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) result.enum = [...schema.enum, null]
    if (Object.hasOwn(schema, 'const')) {
      delete result.const
      result.enum = [schema.const, null]
    }
    return result
  }
  if (Array.isArray(schema.enum)) return { ...result, enum: [...schema.enum, null] }
  if (Object.hasOwn(schema, 'const')) {
    const { const: value, ...rest } = schema
    return { ...rest, enum: [value, null] }
  }
  const { description, ...rest } = schema
  const wrapped: JsonSchema = { anyOf: [rest, { type: 'null' }] }
  if (description !== undefined) wrapped.description = description
  return wrapped
}

/** True when `schema` already accepts `null` by its type, enum, const or an `anyOf` branch. */
function allowsNull(schema: JsonSchema): boolean {
  if (Object.hasOwn(schema, 'type')) {
    if (!declaredTypes(schema).includes('null')) return false
    return !Array.isArray(schema.enum) || schema.enum.includes(null)
  }
  if (Array.isArray(schema.enum)) return schema.enum.includes(null)
  if (Object.hasOwn(schema, 'const')) return schema.const === null
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.some((branch) => branch === true || (isSchemaObject(branch) && allowsNull(branch)))
  return false
}
