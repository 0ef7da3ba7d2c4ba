import type { JsonSchema } from '../core/json-schema.js'

/**
 * OpenAI strict mode makes every property required and the optional ones nullable, so a model
 * sends `null` for "not given". This turns those nulls back into absent keys, by the tool's own
 * schema: only properties that were optional and do not accept `null` themselves.
 */
export function dropStrictNulls(input: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  return strip(input, schema) as Record<string, unknown>
}

function strip(value: unknown, schema: unknown): unknown {
  if (!isRecord(schema)) return value
  if (Array.isArray(value)) return value.map((item) => strip(item, schema.items))
  if (!isRecord(value) || !isRecord(schema.properties)) return value
  const properties = schema.properties
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    const childSchema = properties[key]
    if (child === null && Object.hasOwn(properties, key) && !required.has(key) && !acceptsNull(childSchema)) continue
    out[key] = strip(child, childSchema)
  }
  return out
}

function acceptsNull(schema: unknown): boolean {
  if (!isRecord(schema)) return true
  const { type } = schema
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true
  if (
    type === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    schema.enum === undefined &&
    schema.const === undefined
  )
    return true
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true
  for (const branch of [schema.anyOf, schema.oneOf]) if (Array.isArray(branch) && branch.some(acceptsNull)) return true
  return false
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
