import type { SchemaDrop } from '../protocols/protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { joinPointer } from './json-pointer.js'
import { mergeAllOf } from './merge-all-of.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import type { SchemaResult } from './schema-result.js'
import { declaredTypes, impliedTypes, type JsonType, keywordType } from './schema-types.js'
import { isTupleKeyword, tupleAsItems } from './tuple-as-items.js'

/**
 * Keywords of Gemini's function-declaration `Schema` (an OpenAPI 3.0 subset) that this pass keeps.
 * `default` is also in the proto, but Gemini ignores it, so it is dropped like other annotations.
 */
const keptByType: Readonly<Record<Exclude<JsonType, 'null'>, readonly string[]>> = {
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
const formatsByType: Readonly<Partial<Record<JsonType, readonly string[]>>> = {
  string: ['date-time', 'enum'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
}

/** What stands for "any value", which the subset cannot say: every node needs a type. */
const anyScalar: readonly JsonSchema[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }]

/**
 * Lowers JSON Schema (refs already inlined, see `prepareSchema`) to the schema Gemini accepts for
 * function parameters.
 *
 * Type lists become `type` + `nullable` (or an `anyOf` per type); `{type: "null"}` branches of an
 * `anyOf` become `nullable`; `oneOf` becomes `anyOf`, `allOf` is merged, `const` becomes a
 * one-value `enum`. Enums keep non-empty strings only, `format` keeps the values Gemini takes,
 * `exclusiveMinimum` / `exclusiveMaximum` become inclusive bounds, tuples become one `items`.
 * Keywords outside the subset (`additionalProperties`, `default`, `examples`,
 * `patternProperties`…) and keywords on a node of another type are removed. A node that would be
 * left without a type (Gemini rejects those) becomes a string-number-boolean `anyOf`; an array
 * without `items` gets one. An object left without properties loses its `properties` key (Gemini
 * refuses an empty one), and at the root that is reported so the caller sends no parameters.
 * Every change is reported.
 */
export function toGeminiSubset(schema: JsonSchema): SchemaResult {
  const dropped: SchemaDrop[] = []
  const drop = (path: string, keyword: string, reason: string): void => {
    dropped.push({ path: joinPointer(path, keyword), keyword, reason })
  }

  const anyValue = (source: JsonSchema, path: string, nullable: boolean, reason: string): JsonSchema => {
    drop(path, 'type', reason)
    for (const keyword of Object.keys(source)) {
      if (keyword !== 'type' && keyword !== 'nullable' && !(keptAnywhere as readonly string[]).includes(keyword)) {
        drop(path, keyword, `not in Gemini's schema subset`)
      }
    }
    const result: JsonSchema = { ...pickKeptAnywhere(source), anyOf: anyScalar.map((branch) => ({ ...branch })) }
    if (nullable) result.nullable = true
    return result
  }

  const lower = (node: SchemaNode, path: string, nullable = false): JsonSchema => {
    if (typeof node === 'boolean') {
      const what = node ? 'any value' : 'no value'
      return anyValue({}, path, nullable, `Gemini cannot say "${what}"; offered as string, number or boolean`)
    }
    let current: JsonSchema = { ...node }

    if (Object.hasOwn(current, 'allOf')) {
      const { schema: merged, conflicts } = mergeAllOf([current])
      const clash = conflicts.length > 0 ? `; where members disagreed (${conflicts.join(', ')}) the first was kept` : ''
      drop(path, 'allOf', `merged into one schema: Gemini has no allOf${clash}`)
      if (!isSchemaObject(merged)) return lower(merged, path, nullable)
      current = merged
      // Merging can surface another allOf (a property named by two members).
      if (Object.hasOwn(current, 'allOf')) return lower(current, path, nullable)
    }
    if (Object.hasOwn(current, 'oneOf')) {
      const { oneOf, ...rest } = current
      if (Object.hasOwn(rest, 'anyOf')) {
        drop(path, 'oneOf', 'removed beside anyOf: Gemini has no oneOf')
      } else {
        drop(path, 'oneOf', 'rewritten as anyOf: Gemini has no oneOf, so "exactly one" becomes "at least one"')
        rest.anyOf = oneOf
      }
      current = rest
    }
    if (Object.hasOwn(current, 'const')) {
      const { const: value, ...rest } = current
      if (Object.hasOwn(rest, 'enum')) {
        drop(path, 'const', 'removed beside enum: Gemini has no const')
      } else {
        drop(path, 'const', 'rewritten as a one-value enum: Gemini has no const')
        rest.enum = [value]
      }
      current = rest
    }

    const { anyOf, ...own } = current
    const types = Object.hasOwn(own, 'type') ? declaredTypes(own) : impliedTypes(own)
    const isNullable =
      nullable ||
      own.nullable === true ||
      types.includes('null') ||
      (Array.isArray(own.enum) && own.enum.includes(null))
    const nonNull = types.filter((type): type is Exclude<JsonType, 'null'> => type !== 'null')

    if (Array.isArray(anyOf)) {
      if (nonNull.length === 0 || !anyOf.every((branch) => isSchemaObject(branch) && !definesShape(branch))) {
        return lowerUnion(own, anyOf, isNullable, path)
      }
      drop(path, 'anyOf', 'removed: its branches only add constraints, which Gemini cannot combine with the type')
    }
    current = own

    if (nonNull.length === 0) {
      if (isNullable && types.length > 0) {
        drop(path, 'type', 'Gemini has no null type; described as a nullable string')
        return { type: 'string', nullable: true, ...pickKeptAnywhere(current) }
      }
      return anyValue(current, path, isNullable, `Gemini cannot say "any value"; offered as string, number or boolean`)
    }
    if (nonNull.length > 1) {
      drop(path, 'type', 'Gemini takes one type per schema; the type list became an anyOf')
      const branches = nonNull.map((type) => lowerTyped(branchFor(current, type), type, false, path))
      for (const keyword of Object.keys(current)) {
        const placed =
          keyword === 'type' || keyword === 'nullable' || (keptAnywhere as readonly string[]).includes(keyword)
        if (!placed && !branches.some((branch) => Object.hasOwn(branch, keyword))) {
          drop(path, keyword, 'fits none of the types once the type list became an anyOf')
        }
      }
      const result: JsonSchema = { ...pickKeptAnywhere(current), anyOf: branches }
      if (isNullable) result.nullable = true
      return result
    }
    if (Array.isArray(current.type)) {
      drop(path, 'type', 'Gemini takes one type per schema; null became nullable: true')
    }
    const [only] = nonNull
    return lowerTyped(current, only ?? 'string', isNullable, path)
  }

  /** A holder with an `anyOf` whose branches say what the value is. */
  const lowerUnion = (
    holder: JsonSchema,
    branches: readonly unknown[],
    nullable: boolean,
    path: string,
  ): JsonSchema => {
    let isNullable = nullable
    let hadNullBranch = false
    const kept: { branch: SchemaNode; index: number }[] = []
    branches.forEach((branch, index) => {
      if (isSchemaObject(branch) && isNullOnly(branch)) hadNullBranch = true
      else if (typeof branch === 'boolean' || isSchemaObject(branch)) kept.push({ branch, index })
    })
    if (hadNullBranch) {
      isNullable = true
      drop(path, 'anyOf', 'the null branch became nullable: true')
    }
    const { type: _type, ...holderRest } = holder
    const [single] = kept
    if (kept.length === 0) return lower({ ...holderRest, type: 'null' }, path)
    if (kept.length === 1 && single !== undefined) {
      // One real branch: describe it directly; the holder's own keywords (its description) win.
      if (!isSchemaObject(single.branch)) return lower(single.branch, path, isNullable)
      return lower({ ...single.branch, ...holderRest }, path, isNullable)
    }
    if (Object.hasOwn(holder, 'type')) drop(path, 'type', 'removed beside anyOf: the branches carry the types')
    for (const keyword of Object.keys(holderRest)) {
      if (keyword === 'nullable' || (keptAnywhere as readonly string[]).includes(keyword)) continue
      drop(path, keyword, 'removed beside anyOf: Gemini keeps only annotations next to a union')
    }
    const lowered = kept.map(({ branch, index }) => lower(branch, joinPointer(path, 'anyOf', index)))
    const values = stringEnumUnion(lowered)
    // A union of string constants (a discriminator, say) reads better as one enum, and means the same.
    const result: JsonSchema =
      values === undefined
        ? { ...pickKeptAnywhere(holderRest), anyOf: lowered }
        : { type: 'string', ...pickKeptAnywhere(holderRest), enum: values }
    if (isNullable) result.nullable = true
    return result
  }

  /** A node of one known type: keep what Gemini takes for that type, report the rest. */
  const lowerTyped = (
    node: JsonSchema,
    type: Exclude<JsonType, 'null'>,
    nullable: boolean,
    path: string,
  ): JsonSchema => {
    const out: JsonSchema = { type }
    if (nullable) out.nullable = true
    const kept = keptByType[type]
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === 'type' || keyword === 'nullable') continue
      if (type === 'array' && isTupleKeyword(node, keyword)) continue
      if ((keptAnywhere as readonly string[]).includes(keyword)) {
        out[keyword] = value
      } else if (kept.includes(keyword)) {
        keepTyped(out, keyword, value, type, path)
      } else if (!lowerBound(out, node, keyword, value, type, path)) {
        drop(path, keyword, unkeptReason(keyword, type))
      }
    }
    if (type === 'array') completeArray(out, node, path)
    if (type === 'object') completeObject(out, path)
    return out
  }

  const keepTyped = (out: JsonSchema, keyword: string, value: unknown, type: JsonType, path: string): void => {
    switch (keyword) {
      case 'enum':
        out.enum = stringEnum(value, path)
        if ((out.enum as unknown[]).length === 0) delete out.enum
        return
      case 'format': {
        const formats = formatsByType[type] ?? []
        if (typeof value === 'string' && formats.includes(value)) out.format = value
        else drop(path, 'format', `Gemini takes only the formats ${formats.join(', ')} for ${type}`)
        return
      }
      case 'minimum':
      case 'maximum': {
        // An exclusive bound may already have set a tighter one.
        const existing = out[keyword]
        const tighter =
          typeof existing !== 'number' ||
          typeof value !== 'number' ||
          (keyword === 'minimum' ? value > existing : value < existing)
        if (tighter) out[keyword] = value
        return
      }
      case 'items':
        if (isSchemaObject(value)) out.items = lower(value, joinPointer(path, 'items'))
        return
      case 'properties': {
        if (!isSchemaObject(value)) return
        const properties: JsonSchema = {}
        for (const [name, schema] of Object.entries(value)) {
          const propertyPath = joinPointer(path, 'properties', name)
          if (schema === false)
            dropped.push({ path: propertyPath, keyword: 'properties', reason: 'a forbidden property; removed' })
          else if (typeof schema === 'boolean' || isSchemaObject(schema)) properties[name] = lower(schema, propertyPath)
        }
        out.properties = properties
        return
      }
      default:
        out[keyword] = value
    }
  }

  /** Turns `exclusiveMinimum` / `exclusiveMaximum` into inclusive bounds; false when `keyword` is not one. */
  const lowerBound = (
    out: JsonSchema,
    node: JsonSchema,
    keyword: string,
    value: unknown,
    type: JsonType,
    path: string,
  ): boolean => {
    if ((keyword !== 'exclusiveMinimum' && keyword !== 'exclusiveMaximum') || (type !== 'number' && type !== 'integer'))
      return false
    const lowerEnd = keyword === 'exclusiveMinimum'
    const inclusive = lowerEnd ? 'minimum' : 'maximum'
    // Draft-04 writes a boolean beside minimum/maximum; 2020-12 writes the bound itself.
    const bound =
      typeof value === 'number'
        ? value
        : value === true && typeof node[inclusive] === 'number'
          ? node[inclusive]
          : undefined
    if (bound === undefined) {
      drop(path, keyword, `not in Gemini's schema subset`)
      return true
    }
    const step = lowerEnd ? 1 : -1
    const exact = type === 'integer'
    const limit = exact ? (lowerEnd ? Math.floor(bound) : Math.ceil(bound)) + step : bound
    const existing = out[inclusive] ?? node[inclusive]
    const tighter = typeof existing !== 'number' || (lowerEnd ? limit > existing : limit < existing)
    if (tighter) out[inclusive] = limit
    drop(
      path,
      keyword,
      exact
        ? `rewritten as ${inclusive}: Gemini has no exclusive bounds`
        : `rewritten as the inclusive ${inclusive}: Gemini has no exclusive bounds, so the bound itself is now allowed`,
    )
    return true
  }

  const completeArray = (out: JsonSchema, node: JsonSchema, path: string): void => {
    const tuple = tupleAsItems(node)
    if (tuple !== undefined) {
      const keyword = Array.isArray(node.prefixItems) ? 'prefixItems' : 'items'
      drop(path, keyword, 'Gemini has no tuples; each item may be any of the positional schemas')
      out.items = lower(tuple, joinPointer(path, keyword))
    }
    if (!isSchemaObject(out.items)) {
      out.items = anyValue(
        {},
        joinPointer(path, 'items'),
        false,
        'Gemini requires the item schema of an array; offered as string, number or boolean',
      )
    }
  }

  const completeObject = (out: JsonSchema, path: string): void => {
    const properties = isSchemaObject(out.properties) ? out.properties : {}
    const names = Object.keys(properties)
    if (Array.isArray(out.required)) {
      const required = out.required.filter((name): name is string => typeof name === 'string' && names.includes(name))
      if (required.length !== out.required.length)
        drop(path, 'required', 'names absent from properties were removed, as Gemini requires')
      if (required.length > 0) out.required = required
      else delete out.required
    }
    if (Array.isArray(out.propertyOrdering)) {
      out.propertyOrdering = out.propertyOrdering.filter(
        (name): name is string => typeof name === 'string' && names.includes(name),
      )
    }
    if (names.length === 0) {
      delete out.properties
      const reason =
        path === ''
          ? 'Gemini refuses parameters of type OBJECT without properties; declare the function without parameters'
          : 'Gemini cannot describe the keys of an object without properties (and may refuse it); expect {}'
      drop(path, 'properties', reason)
    }
  }

  const stringEnum = (value: unknown, path: string): string[] => {
    if (!Array.isArray(value)) return []
    const strings = value.filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    const others = value.filter((entry) => entry !== null && !(typeof entry === 'string' && entry !== ''))
    if (others.length > 0) {
      drop(
        path,
        'enum',
        `Gemini enums take non-empty strings only; ${others.map((entry) => JSON.stringify(entry)).join(', ')} removed`,
      )
    }
    return strings
  }

  return { schema: lower(schema, ''), dropped }
}

/** The values of branches that are all bare string enums, united; `undefined` otherwise. */
function stringEnumUnion(branches: readonly JsonSchema[]): string[] | undefined {
  const values = new Set<string>()
  for (const branch of branches) {
    const bare = Object.keys(branch).every((keyword) => keyword === 'type' || keyword === 'enum')
    if (!bare || branch.type !== 'string' || !Array.isArray(branch.enum)) return undefined
    for (const value of branch.enum) if (typeof value === 'string') values.add(value)
  }
  return [...values]
}

/** Why a keyword was not kept on a node of `type`. */
function unkeptReason(keyword: string, type: JsonType): string {
  if (keyword === 'enum') return `Gemini enums take strings only; removed from this ${type} schema`
  const applies = keywordType(keyword)
  if (applies !== undefined && applies !== type && !(applies === 'number' && type === 'integer')) {
    return `applies to ${applies} values only, and this schema is of type ${type}`
  }
  return `not in Gemini's schema subset`
}

/** The part of `node` that applies to values of `type`, for one branch of a split type list. */
function branchFor(node: JsonSchema, type: Exclude<JsonType, 'null'>): JsonSchema {
  const branch: JsonSchema = { type }
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type' || (keptAnywhere as readonly string[]).includes(keyword)) continue
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

/** True when a schema says what kind of value it is, rather than only constraining one. */
function definesShape(schema: JsonSchema): boolean {
  return ['type', 'enum', 'const', 'properties', 'items', 'prefixItems', 'anyOf', 'oneOf', 'allOf'].some((keyword) =>
    Object.hasOwn(schema, keyword),
  )
}

/** True for `{type: "null"}`, `{const: null}` and `{enum: [null]}` (annotations aside). */
function isNullOnly(schema: JsonSchema): boolean {
  const types = Object.hasOwn(schema, 'type') ? declaredTypes(schema) : impliedTypes(schema)
  return types.length === 1 && types[0] === 'null'
}

function pickKeptAnywhere(schema: JsonSchema): JsonSchema {
  const picked: JsonSchema = {}
  for (const keyword of keptAnywhere) if (Object.hasOwn(schema, keyword)) picked[keyword] = schema[keyword]
  return picked
}
