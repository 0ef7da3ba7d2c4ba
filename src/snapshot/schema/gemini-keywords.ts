import type { JsonSchema } from '../../core/json-schema.js'
import { isSchemaObject } from './schema-node.js'
import { type JsonType, keywordType } from './schema-types.js'

/** A type Gemini can name: JSON types but `null`, which it says with `nullable`. */
export type GeminiType = Exclude<JsonType, 'null'>

/**
 * Keywords of Gemini's function-declaration `Schema` (an OpenAPI 3.0 subset) that the lowering
 * keeps. `default` is also in the proto, but Gemini ignores it, so it is dropped like other annotations.
 */
export const keptByType: Readonly<Record<GeminiType, readonly string[]>> = {
  string: ['enum', 'format', 'minLength', 'maxLength', 'pattern'],
  number: ['minimum', 'maximum', 'format'],
  integer: ['minimum', 'maximum', 'format'],
  boolean: [],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'propertyOrdering', 'minProperties', 'maxProperties'],
}

/** Keywords Gemini keeps on any schema. */
const keptAnywhere = ['title', 'description', 'example'] as const

/** `format` values Gemini's API takes; it refuses the request on others. */
export const formatsByType: Readonly<Partial<Record<JsonType, readonly string[]>>> = {
  string: ['date-time', 'enum'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
}

/** True for the annotations Gemini keeps on a schema of any type. */
export function isKeptAnywhere(keyword: string): boolean {
  return (keptAnywhere as readonly string[]).includes(keyword)
}

/** The annotations of `schema` Gemini keeps on any type. */
export function pickKeptAnywhere(schema: JsonSchema): JsonSchema {
  const picked: JsonSchema = {}
  for (const keyword of keptAnywhere) if (Object.hasOwn(schema, keyword)) picked[keyword] = schema[keyword]
  return picked
}

/** Why a keyword was not kept on a node of `type`. */
export function unkeptReason(keyword: string, type: JsonType): string {
  if (keyword === 'enum') return `Gemini enums take strings only; removed from this ${type} schema`
  const applies = keywordType(keyword)
  if (applies !== undefined && applies !== type && !(applies === 'number' && type === 'integer')) {
    return `applies to ${applies} values only, and this schema is of type ${type}`
  }
  return `not in Gemini's schema subset`
}

/** The part of `node` that applies to values of `type`, for one branch of a split type list. */
export function branchFor(node: JsonSchema, type: GeminiType): JsonSchema {
  const branch: JsonSchema = { type }
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type' || isKeptAnywhere(keyword)) continue
    const applies = keywordType(keyword)
    const fits = applies === type || (applies === 'number' && type === 'integer')
    if (keyword === 'enum' && Array.isArray(value)) {
      const values = value.filter((entry) => typeMatches(entry, type))
      if (values.length > 0) branch.enum = values
    } else if (fits || (keyword === 'format' && (formatsByType[type] ?? []).includes(String(value)))) {
      branch[keyword] = value
    }
  }
  return branch
}

function typeMatches(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isSchemaObject(value)
    case 'null':
      return value === null
    default:
      return typeof value === type
  }
}
