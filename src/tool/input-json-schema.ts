import type { JsonSchema } from '../core/json-schema.js'
import type { StandardSchemaWithJson } from './standard-schema.js'

// zod writes these bounds for every `.int()`; they say nothing to a model.
const safeIntegerBounds = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])

/**
 * The JSON Schema of a tool's input as the model should see it: generated from the Standard Schema,
 * every object closed (`additionalProperties: false`) unless it states otherwise, and zod's
 * safe-integer bounds removed.
 */
export function toolInputJsonSchema(schema: StandardSchemaWithJson): JsonSchema {
  // `$schema` names the dialect of a document; a tool's parameters are not one.
  const { $schema: _dialect, ...rest } = schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })
  return closeObjects(rest) as JsonSchema
}

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects)
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'minimum' || key === 'maximum') && typeof value === 'number' && safeIntegerBounds.has(value)) continue
    out[key] =
      key === 'properties' || key === '$defs' || key === 'definitions'
        ? mapValues(value, closeObjects)
        : closeObjects(value)
  }
  if (out.type === 'object' && out.properties !== undefined && out.additionalProperties === undefined)
    out.additionalProperties = false
  return out
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]))
}
