import type { JsonSchema } from '../../core/json-schema.js'

/** A subschema as JSON Schema allows it: an object, or `true` (anything) / `false` (nothing). */
export type SchemaNode = JsonSchema | boolean

/** True when `value` is a plain JSON object (not an array, not null). */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** True when `value` can stand where a subschema is expected. */
export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'boolean' || isSchemaObject(value)
}
