import type { JsonSchema } from '../../core/json-schema.js'
import { type DropKeyword, dropRecorder } from './drop-recorder.js'
import { anyValue } from './gemini-any-value.js'
import { branchFor, type GeminiType, isKeptAnywhere, pickKeptAnywhere } from './gemini-keywords.js'
import type { GeminiPass } from './gemini-pass.js'
import { lowerTyped } from './gemini-typed.js'
import { lowerUnion, onlyConstrains } from './gemini-union.js'
import { mergeAllOfKeyword, oneOfAsAnyOf } from './rewrite-combinators.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import type { SchemaResult } from './schema-result.js'
import { declaredTypes, impliedTypes } from './schema-types.js'

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
  const pass: GeminiPass = {
    ...dropRecorder(),
    lower: (node, path, nullable = false) => lower(pass, node, path, nullable),
  }
  return { schema: pass.lower(schema, ''), dropped: pass.dropped }
}

/** Lowers one subschema: combinators first, then what its type (or type list, or union) allows. */
function lower(pass: GeminiPass, node: SchemaNode, path: string, nullable: boolean): JsonSchema {
  if (typeof node === 'boolean') {
    const what = node ? 'any value' : 'no value'
    return anyValue(pass.drop, {}, path, nullable, `Gemini cannot say "${what}"; offered as string, number or boolean`)
  }
  const merged = mergeAllOfKeyword({ ...node }, path, pass.drop, 'Gemini')
  // Merging can surface another allOf (a property named by two members).
  if (!isSchemaObject(merged) || Object.hasOwn(merged, 'allOf')) return lower(pass, merged, path, nullable)
  const current = constAsEnum(oneOfAsAnyOf(merged, path, pass.drop, 'Gemini'), path, pass.drop)
  return lowerByType(pass, current, path, nullable)
}

/** `node` with its `const` rewritten as a one-value `enum`, or removed beside an existing `enum`. */
function constAsEnum(node: JsonSchema, path: string, drop: DropKeyword): JsonSchema {
  if (!Object.hasOwn(node, 'const')) return node
  const { const: value, ...rest } = node
  if (Object.hasOwn(rest, 'enum')) {
    drop(path, 'const', 'removed beside enum: Gemini has no const')
  } else {
    drop(path, 'const', 'rewritten as a one-value enum: Gemini has no const')
    rest.enum = [value]
  }
  return rest
}

/**
 * Lowers a node without `allOf`, `oneOf` or `const` by what its types are: a union, a nullable
 * string for null alone, "any value" for none, an `anyOf` for several, or the one type.
 */
function lowerByType(pass: GeminiPass, node: JsonSchema, path: string, nullable: boolean): JsonSchema {
  const { anyOf, ...own } = node
  const types = Object.hasOwn(own, 'type') ? declaredTypes(own) : impliedTypes(own)
  const isNullable =
    nullable || own.nullable === true || types.includes('null') || (Array.isArray(own.enum) && own.enum.includes(null))
  const nonNull = types.filter((type): type is GeminiType => type !== 'null')

  if (Array.isArray(anyOf)) {
    if (nonNull.length === 0 || !onlyConstrains(anyOf)) return lowerUnion(pass, own, anyOf, isNullable, path)
    pass.drop(path, 'anyOf', 'removed: its branches only add constraints, which Gemini cannot combine with the type')
  }
  if (nonNull.length === 0) {
    if (isNullable && types.length > 0) {
      pass.drop(path, 'type', 'Gemini has no null type; described as a nullable string')
      return { type: 'string', nullable: true, ...pickKeptAnywhere(own) }
    }
    return anyValue(
      pass.drop,
      own,
      path,
      isNullable,
      `Gemini cannot say "any value"; offered as string, number or boolean`,
    )
  }
  if (nonNull.length > 1) return lowerTypeList(pass, own, nonNull, isNullable, path)
  if (Array.isArray(own.type)) {
    pass.drop(path, 'type', 'Gemini takes one type per schema; null became nullable: true')
  }
  const [only] = nonNull
  return lowerTyped(pass, own, only ?? 'string', isNullable, path)
}

/** Lowers a node of several types to an `anyOf` with one branch per type, sharing out its keywords. */
function lowerTypeList(
  pass: GeminiPass,
  node: JsonSchema,
  types: readonly GeminiType[],
  nullable: boolean,
  path: string,
): JsonSchema {
  pass.drop(path, 'type', 'Gemini takes one type per schema; the type list became an anyOf')
  const branches = types.map((type) => lowerTyped(pass, branchFor(node, type), type, false, path))
  for (const keyword of Object.keys(node)) {
    const placed = keyword === 'type' || keyword === 'nullable' || isKeptAnywhere(keyword)
    if (!placed && !branches.some((branch) => Object.hasOwn(branch, keyword))) {
      pass.drop(path, keyword, 'fits none of the types once the type list became an anyOf')
    }
  }
  const result: JsonSchema = { ...pickKeptAnywhere(node), anyOf: branches }
  if (nullable) result.nullable = true
  return result
}
