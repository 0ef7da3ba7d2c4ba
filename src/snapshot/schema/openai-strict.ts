import type { SchemaDrop } from '../protocols/protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { joinPointer } from './json-pointer.js'
import { mergeAllOf } from './merge-all-of.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import type { SchemaResult } from './schema-result.js'
import { declaredTypes, impliedTypes, type JsonType, keywordType } from './schema-types.js'
import { isTupleKeyword, tupleAsItems } from './tuple-as-items.js'

/** The outcome of {@link toOpenAIStrict}. */
export interface StrictSchemaResult extends SchemaResult {
  /** False when the schema cannot be made strict; send the unstrict schema with `strict: false` then. */
  readonly strictCompatible: boolean
  /** Why it cannot be strict (also listed in `dropped`); empty when it can. */
  readonly blockers: readonly SchemaDrop[]
}

/** Keywords strict mode takes on any schema. */
const keptAnywhere = ['type', 'title', 'description', 'enum', 'const', 'anyOf'] as const

/** Keywords strict mode takes per type (OpenAI Structured Outputs, "Supported properties"). */
const keptByType: Readonly<Record<JsonType, readonly string[]>> = {
  string: ['pattern', 'format'],
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  boolean: [],
  null: [],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'additionalProperties'],
}

/** String formats strict mode takes. */
const strictFormats = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']

/** Limits of strict schemas (OpenAI Structured Outputs, "Objects have limitations on nesting depth and size"). */
export const strictLimits = { maxObjectDepth: 10, maxProperties: 5000, maxEnumValues: 1000 } as const

/**
 * Rewrites JSON Schema (refs already inlined, root an object: see `prepareSchema`) for OpenAI
 * strict mode.
 *
 * Every object gets `additionalProperties: false` and lists all its properties in `required`;
 * properties that were optional become nullable (`type: [t, "null"]`, `null` added to an enum, or
 * a `{type: "null"}` branch), so the model sends `null` where it would have left them out.
 * `oneOf` becomes `anyOf`, `allOf` is merged, tuples become one `items`, and keywords strict mode
 * refuses (`minLength`, `default`, `patternProperties`, unsupported formats…) are removed.
 * Free-form values cannot be strict: objects with `additionalProperties` other than false or with no
 * properties (maps), arrays without an item schema, schemas that allow any value, and schemas past
 * the size limits. Those are reported in `blockers` and make `strictCompatible` false.
 */
export function toOpenAIStrict(schema: JsonSchema): StrictSchemaResult {
  const dropped: SchemaDrop[] = []
  const blockers: SchemaDrop[] = []
  let propertyCount = 0
  let enumValueCount = 0
  // Size limits are reported once, at the first object past them.
  let depthReported = false
  let sizeReported = false
  const drop = (path: string, keyword: string, reason: string): void => {
    dropped.push({ path: joinPointer(path, keyword), keyword, reason })
  }
  const block = (path: string, keyword: string, reason: string): void => {
    const entry = { path: joinPointer(path, keyword), keyword, reason: `not strict-compatible: ${reason}` }
    blockers.push(entry)
    dropped.push(entry)
  }

  const convert = (node: SchemaNode, path: string, depth: number, isRoot = false): SchemaNode => {
    if (typeof node === 'boolean') {
      block(path, 'type', node ? 'a schema that allows any value' : 'a schema that allows no value')
      return node
    }
    let current: JsonSchema = node
    if (Object.hasOwn(current, 'allOf')) {
      const { schema: merged, conflicts } = mergeAllOf([current])
      const clash = conflicts.length > 0 ? `; where members disagreed (${conflicts.join(', ')}) the first was kept` : ''
      drop(path, 'allOf', `merged into one schema: strict mode has no allOf${clash}`)
      if (!isSchemaObject(merged) || Object.hasOwn(merged, 'allOf')) return convert(merged, path, depth, isRoot)
      current = merged
    }
    if (Object.hasOwn(current, 'oneOf')) {
      const { oneOf, ...rest } = current
      if (Object.hasOwn(rest, 'anyOf')) {
        drop(path, 'oneOf', 'removed beside anyOf: strict mode has no oneOf')
      } else {
        drop(path, 'oneOf', 'rewritten as anyOf: strict mode has no oneOf, so "exactly one" becomes "at least one"')
        rest.anyOf = oneOf
      }
      current = rest
    }

    const out: JsonSchema = {}
    const hasType = Object.hasOwn(current, 'type')
    const types = hasType ? declaredTypes(current) : impliedTypes(current)
    const describesValues = ['enum', 'const', 'anyOf'].some((keyword) => Object.hasOwn(current, keyword))
    if (!hasType && !describesValues) {
      if (types.length === 0) {
        block(path, 'type', 'a schema without a type allows any value')
        return current
      }
      // Strict mode wants a type; the keywords already say which.
      out.type = types.length === 1 ? types[0] : types
    }

    if (Array.isArray(current.enum)) enumValueCount += current.enum.length
    for (const [keyword, value] of Object.entries(current)) {
      if (types.includes('array') && isTupleKeyword(current, keyword)) continue
      const kept =
        (keptAnywhere as readonly string[]).includes(keyword) ||
        types.some((type) => keptByType[type].includes(keyword))
      if (!kept) {
        drop(path, keyword, unkeptReason(keyword, types))
      } else if (keyword === 'format' && !(typeof value === 'string' && strictFormats.includes(value))) {
        drop(path, keyword, `strict mode takes only the formats ${strictFormats.join(', ')}`)
      } else if (keyword === 'anyOf' && Array.isArray(value)) {
        out.anyOf = value.map((branch, index) =>
          typeof branch === 'boolean' || isSchemaObject(branch)
            ? convert(branch, joinPointer(path, 'anyOf', index), depth)
            : branch,
        )
      } else {
        out[keyword] = value
      }
    }

    if (types.includes('array')) convertArray(out, current, path, depth)
    if (types.includes('object')) convertObject(out, current, path, depth, isRoot)
    return out
  }

  const convertArray = (out: JsonSchema, node: JsonSchema, path: string, depth: number): void => {
    const tuple = tupleAsItems(node)
    if (tuple !== undefined) {
      const keyword = Array.isArray(node.prefixItems) ? 'prefixItems' : 'items'
      drop(path, keyword, 'strict mode has no tuples; each item may be any of the positional schemas')
      out.items = convert(tuple, joinPointer(path, keyword), depth)
    } else if (isSchemaObject(node.items)) {
      out.items = convert(node.items, joinPointer(path, 'items'), depth)
    } else {
      delete out.items
      block(path, 'items', 'an array without an item schema allows any items')
    }
  }

  const convertObject = (out: JsonSchema, node: JsonSchema, path: string, depth: number, isRoot: boolean): void => {
    if (depth + 1 > strictLimits.maxObjectDepth && !depthReported) {
      depthReported = true
      block(path, 'properties', `objects nest deeper than ${strictLimits.maxObjectDepth} levels`)
    }
    const additional = node.additionalProperties
    const source = isSchemaObject(node.properties) ? node.properties : {}
    const names = Object.keys(source)
    if (additional !== undefined && additional !== false) {
      block(path, 'additionalProperties', 'an object with free-form keys (a map)')
    } else if (names.length === 0 && additional !== false && !isRoot) {
      // `{type: "object"}` means any object; only the root's empty object means "no arguments".
      block(path, 'properties', 'an object without properties allows any keys')
    }
    if (Object.hasOwn(node, 'patternProperties'))
      block(path, 'patternProperties', 'an object with free-form keys (a map)')

    const wasRequired = new Set(Array.isArray(node.required) ? node.required : [])
    const properties: JsonSchema = {}
    for (const [name, schema] of Object.entries(source)) {
      const propertyPath = joinPointer(path, 'properties', name)
      if (schema === false) {
        dropped.push({ path: propertyPath, keyword: 'properties', reason: 'a forbidden property; removed' })
        continue
      }
      if (typeof schema !== 'boolean' && !isSchemaObject(schema)) continue
      propertyCount += 1
      const converted = convert(schema, propertyPath, depth + 1)
      if (wasRequired.has(name)) {
        properties[name] = converted
      } else {
        const nullable = makeNullable(converted)
        properties[name] = nullable
        const how = nullable === converted ? 'it already allowed null' : 'it now also allows null'
        dropped.push({
          path: propertyPath,
          keyword: 'required',
          reason: `optional property made required (${how}): null stands for "not given"`,
        })
      }
    }
    if (propertyCount > strictLimits.maxProperties && !sizeReported) {
      sizeReported = true
      block(path, 'properties', `more than ${strictLimits.maxProperties} properties in all`)
    }
    out.properties = properties
    out.required = Object.keys(properties)
    out.additionalProperties = false
  }

  const converted = convert(schema, '', 0, true)
  if (enumValueCount > strictLimits.maxEnumValues)
    block('', 'enum', `more than ${strictLimits.maxEnumValues} enum values in all`)
  return {
    schema: isSchemaObject(converted) ? converted : {},
    dropped,
    strictCompatible: blockers.length === 0,
    blockers,
  }
}

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

/** Why a keyword was removed from a node of `types`. */
function unkeptReason(keyword: string, types: readonly JsonType[]): string {
  const applies = keywordType(keyword)
  const fitsType =
    applies === undefined || types.includes(applies) || (applies === 'number' && types.includes('integer'))
  if (!fitsType)
    return `applies to ${applies} values only, and this schema is of type ${types.join(' or ') || 'unknown'}`
  return 'not supported in strict mode'
}
