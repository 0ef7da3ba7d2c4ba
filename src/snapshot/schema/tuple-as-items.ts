import type { JsonSchema } from '../../core/json-schema.js'
import { jsonEqual } from './json-equal.js'
import { isSchemaObject } from './schema-node.js'

/**
 * For dialects without tuples: one `items` schema standing for a tuple array, the `anyOf` of its
 * distinct positional schemas (`prefixItems`, or a draft-07 `items` list) and of its schema for
 * further items, when that is an object schema. `undefined` when `node` is not a tuple or names
 * no positional schema. The order and count of the positions are lost; callers report that.
 */
export function tupleAsItems(node: JsonSchema): JsonSchema | undefined {
  const draft07 = Array.isArray(node.items)
  const positional = Array.isArray(node.prefixItems)
    ? node.prefixItems
    : Array.isArray(node.items)
      ? node.items
      : undefined
  if (positional === undefined) return undefined
  const rest = draft07 ? node.additionalItems : node.items
  const candidates = [...positional, rest].filter(isSchemaObject)
  const distinct: JsonSchema[] = []
  for (const candidate of candidates)
    if (!distinct.some((known) => jsonEqual(known, candidate))) distinct.push(candidate)
  if (distinct.length === 0) return undefined
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct }
}

/** True for the keywords that make `node` a tuple; {@link tupleAsItems} replaces them all. */
export function isTupleKeyword(node: JsonSchema, keyword: string): boolean {
  if (keyword === 'prefixItems') return Array.isArray(node.prefixItems)
  if (keyword === 'items' || keyword === 'additionalItems')
    return Array.isArray(node.prefixItems) || Array.isArray(node.items)
  return false
}
