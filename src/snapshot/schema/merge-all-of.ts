import type { JsonSchema } from '../../core/json-schema.js'
import { jsonEqual } from './json-equal.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'

/** The result of {@link mergeAllOf}. */
export interface MergedAllOf {
  /** One schema standing for all members; `false` when a member accepts nothing. */
  readonly schema: SchemaNode
  /** Keywords that differed between members; the first member's value was kept. */
  readonly conflicts: readonly string[]
}

/**
 * Merges the members of an `allOf` (and the schema holding it) into one schema, for dialects
 * without `allOf`. Properties are united (a property named twice becomes an `allOf` of both, for
 * the caller to merge in turn), `required` lists are united, `type` lists intersected; for any
 * other keyword the first member wins and the clash is reported. Nested `allOf`s are flattened.
 */
export function mergeAllOf(members: readonly SchemaNode[]): MergedAllOf {
  const conflicts = new Set<string>()
  const merged: JsonSchema = {}
  for (const member of flatten(members)) {
    if (member === false) return { schema: false, conflicts: [] }
    if (member === true) continue
    for (const [keyword, value] of Object.entries(member)) {
      if (!Object.hasOwn(merged, keyword)) {
        merged[keyword] = value
      } else if (keyword === 'properties' && isSchemaObject(value) && isSchemaObject(merged.properties)) {
        merged.properties = mergeProperties(merged.properties, value)
      } else if (keyword === 'required' && Array.isArray(value) && Array.isArray(merged.required)) {
        merged.required = [...new Set([...merged.required, ...value])]
      } else if (keyword === 'type') {
        const common = intersectTypes(merged.type, value)
        if (common === undefined) conflicts.add(keyword)
        else merged.type = common
      } else if (!jsonEqual(merged[keyword], value)) {
        conflicts.add(keyword)
      }
    }
  }
  return { schema: merged, conflicts: [...conflicts] }
}

/** Members of nested `allOf`s, in order, with the holder's own keywords first. */
function flatten(members: readonly SchemaNode[]): SchemaNode[] {
  const flat: SchemaNode[] = []
  for (const member of members) {
    if (isSchemaObject(member) && Array.isArray(member.allOf)) {
      const { allOf, ...rest } = member
      flat.push(
        rest,
        ...flatten(allOf.filter((entry): entry is SchemaNode => typeof entry === 'boolean' || isSchemaObject(entry))),
      )
    } else {
      flat.push(member)
    }
  }
  return flat
}

function mergeProperties(first: JsonSchema, second: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...first }
  for (const [name, schema] of Object.entries(second)) {
    const existing = result[name]
    result[name] = !Object.hasOwn(result, name) || jsonEqual(existing, schema) ? schema : { allOf: [existing, schema] }
  }
  return result
}

/** The types both sides allow, as `type` is written; `undefined` when none. */
function intersectTypes(a: unknown, b: unknown): string | string[] | undefined {
  const listA = typeList(a)
  const listB = typeList(b)
  // `integer` is a kind of `number`, so it survives a clash with `number`.
  const common = listA.filter((type) => listB.includes(type) || (type === 'integer' && listB.includes('number')))
  for (const type of listB)
    if (type === 'integer' && listA.includes('number') && !common.includes(type)) common.push(type)
  if (common.length === 0) return undefined
  return common.length === 1 ? common[0] : common
}

function typeList(type: unknown): string[] {
  if (typeof type === 'string') return [type]
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : []
}
