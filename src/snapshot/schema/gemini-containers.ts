import type { JsonSchema } from '../../core/json-schema.js'
import type { DropKeyword } from './drop-recorder.js'
import { anyValue } from './gemini-any-value.js'
import type { GeminiPass } from './gemini-pass.js'
import { joinPointer } from './json-pointer.js'
import { isSchemaObject } from './schema-node.js'
import { tupleAsItems } from './tuple-as-items.js'

/** Each property of `value` lowered; forbidden (`false`) ones removed; `undefined` for a non-object. */
export function lowerProperties(pass: GeminiPass, value: unknown, path: string): JsonSchema | undefined {
  if (!isSchemaObject(value)) return undefined
  const properties: JsonSchema = {}
  for (const [name, schema] of Object.entries(value)) {
    const propertyPath = joinPointer(path, 'properties', name)
    if (schema === false)
      pass.record({ path: propertyPath, keyword: 'properties', reason: 'a forbidden property; removed' })
    else if (typeof schema === 'boolean' || isSchemaObject(schema)) properties[name] = pass.lower(schema, propertyPath)
  }
  return properties
}

/** Gives a lowered array one item schema: a tuple's positions united, or "any value" when it has none. */
export function completeArray(pass: GeminiPass, out: JsonSchema, node: JsonSchema, path: string): void {
  const tuple = tupleAsItems(node)
  if (tuple !== undefined) {
    const keyword = Array.isArray(node.prefixItems) ? 'prefixItems' : 'items'
    pass.drop(path, keyword, 'Gemini has no tuples; each item may be any of the positional schemas')
    out.items = pass.lower(tuple, joinPointer(path, keyword))
  }
  if (!isSchemaObject(out.items)) {
    out.items = anyValue(
      pass.drop,
      {},
      joinPointer(path, 'items'),
      false,
      'Gemini requires the item schema of an array; offered as string, number or boolean',
    )
  }
}

/**
 * Keeps a lowered object's `required` and `propertyOrdering` to the names it has, and removes an
 * empty `properties`, which Gemini refuses.
 */
export function completeObject(drop: DropKeyword, out: JsonSchema, path: string): void {
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
