import type { JsonSchema } from '../../core/json-schema.js'
import type { DropKeyword } from './drop-recorder.js'
import { mergeAllOf } from './merge-all-of.js'
import type { SchemaNode } from './schema-node.js'

/**
 * `node` with its `allOf` merged into one schema, for a dialect without `allOf` (`dialect` names
 * it in the reason); `node` itself when it has none. The merge may surface another `allOf` (a
 * property named by two members), which the caller lowers in turn.
 */
export function mergeAllOfKeyword(node: JsonSchema, path: string, drop: DropKeyword, dialect: string): SchemaNode {
  if (!Object.hasOwn(node, 'allOf')) return node
  const { schema: merged, conflicts } = mergeAllOf([node])
  const clash = conflicts.length > 0 ? `; where members disagreed (${conflicts.join(', ')}) the first was kept` : ''
  drop(path, 'allOf', `merged into one schema: ${dialect} has no allOf${clash}`)
  return merged
}

/**
 * `node` with its `oneOf` rewritten as an `anyOf`, or removed beside an existing `anyOf`, for a
 * dialect without `oneOf`; `node` itself when it has none.
 */
export function oneOfAsAnyOf(node: JsonSchema, path: string, drop: DropKeyword, dialect: string): JsonSchema {
  if (!Object.hasOwn(node, 'oneOf')) return node
  const { oneOf, ...rest } = node
  if (Object.hasOwn(rest, 'anyOf')) {
    drop(path, 'oneOf', `removed beside anyOf: ${dialect} has no oneOf`)
  } else {
    drop(path, 'oneOf', `rewritten as anyOf: ${dialect} has no oneOf, so "exactly one" becomes "at least one"`)
    rest.anyOf = oneOf
  }
  return rest
}
