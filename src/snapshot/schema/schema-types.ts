import type { JsonSchema } from '../../core/json-schema.js'

/** The value types of JSON Schema's `type` keyword. */
export const jsonTypes = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const

/** One value type of JSON Schema's `type` keyword. */
export type JsonType = (typeof jsonTypes)[number]

/** True when `value` names a JSON Schema value type. */
export function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && (jsonTypes as readonly string[]).includes(value)
}

/** The keywords that only constrain values of one type (besides `format`, which dialects bend). */
const typedKeywords: Readonly<Record<string, JsonType>> = {
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  contentEncoding: 'string',
  contentMediaType: 'string',
  contentSchema: 'string',
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  items: 'array',
  prefixItems: 'array',
  additionalItems: 'array',
  unevaluatedItems: 'array',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
  contains: 'array',
  minContains: 'array',
  maxContains: 'array',
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  patternProperties: 'object',
  propertyNames: 'object',
  unevaluatedProperties: 'object',
  minProperties: 'object',
  maxProperties: 'object',
  dependentRequired: 'object',
  dependentSchemas: 'object',
  dependencies: 'object',
  propertyOrdering: 'object',
}

/** The type whose values `keyword` constrains (`number` also covers `integer`), if it is type-specific. */
export function keywordType(keyword: string): JsonType | undefined {
  return Object.hasOwn(typedKeywords, keyword) ? typedKeywords[keyword] : undefined
}

/** The types listed by a schema's `type` keyword, string or list; unknown names are ignored. */
export function declaredTypes(schema: JsonSchema): JsonType[] {
  const type = schema.type
  if (isJsonType(type)) return [type]
  return Array.isArray(type) ? [...new Set(type.filter(isJsonType))] : []
}

/** The JSON type of a value; integral numbers are `integer`. */
export function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  if (typeof value === 'boolean') return 'boolean'
  if (typeof value === 'string') return 'string'
  return 'object'
}

/**
 * The types a schema without `type` evidently means: those of its `enum` / `const` values, else
 * those its type-specific keywords constrain (`properties` → object, `items` → array…).
 */
export function impliedTypes(schema: JsonSchema): JsonType[] {
  const values = Array.isArray(schema.enum) ? schema.enum : Object.hasOwn(schema, 'const') ? [schema.const] : undefined
  if (values !== undefined) {
    const types = new Set(values.map(typeOfValue))
    // A list of whole and fractional numbers is a list of numbers.
    if (types.has('number')) types.delete('integer')
    return [...types]
  }
  const types = new Set<JsonType>()
  for (const keyword of Object.keys(schema)) {
    const type = keywordType(keyword)
    if (type !== undefined) types.add(type)
  }
  return [...types]
}
