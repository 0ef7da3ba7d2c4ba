import type { JsonSchema } from '../../core/json-schema.js'
import { joinPointer } from './json-pointer.js'
import { makeNullable } from './make-nullable.js'
import { isSchemaObject } from './schema-node.js'
import { strictLimits } from './strict-limits.js'
import type { StrictPass } from './strict-pass.js'
import { tupleAsItems } from './tuple-as-items.js'

/** Gives a converted array its one item schema (a tuple's positions united); none blocks strict mode. */
export function convertArray(pass: StrictPass, out: JsonSchema, node: JsonSchema, path: string, depth: number): void {
  const tuple = tupleAsItems(node)
  if (tuple !== undefined) {
    const keyword = Array.isArray(node.prefixItems) ? 'prefixItems' : 'items'
    pass.drop(path, keyword, 'strict mode has no tuples; each item may be any of the positional schemas')
    out.items = pass.convert(tuple, joinPointer(path, keyword), depth)
  } else if (isSchemaObject(node.items)) {
    out.items = pass.convert(node.items, joinPointer(path, 'items'), depth)
  } else {
    delete out.items
    pass.block(path, 'items', 'an array without an item schema allows any items')
  }
}

/**
 * Closes a converted object: all its properties converted and required (optional ones made
 * nullable), `additionalProperties: false`. Free-form keys and the size limits block strict mode.
 */
export function convertObject(
  pass: StrictPass,
  out: JsonSchema,
  node: JsonSchema,
  path: string,
  depth: number,
  isRoot: boolean,
): void {
  const { totals } = pass
  if (depth + 1 > strictLimits.maxObjectDepth && !totals.depthReported) {
    totals.depthReported = true
    pass.block(path, 'properties', `objects nest deeper than ${strictLimits.maxObjectDepth} levels`)
  }
  blockFreeFormKeys(pass, node, path, isRoot)
  const properties = convertProperties(pass, node, path, depth)
  if (totals.properties > strictLimits.maxProperties && !totals.sizeReported) {
    totals.sizeReported = true
    pass.block(path, 'properties', `more than ${strictLimits.maxProperties} properties in all`)
  }
  out.properties = properties
  out.required = Object.keys(properties)
  out.additionalProperties = false
}

/** Blocks an object whose keys are free-form: a map, or an object that names no properties. */
function blockFreeFormKeys(pass: StrictPass, node: JsonSchema, path: string, isRoot: boolean): void {
  const additional = node.additionalProperties
  const names = Object.keys(isSchemaObject(node.properties) ? node.properties : {})
  if (additional !== undefined && additional !== false) {
    pass.block(path, 'additionalProperties', 'an object with free-form keys (a map)')
  } else if (names.length === 0 && additional !== false && !isRoot) {
    // `{type: "object"}` means any object; only the root's empty object means "no arguments".
    pass.block(path, 'properties', 'an object without properties allows any keys')
  }
  if (Object.hasOwn(node, 'patternProperties'))
    pass.block(path, 'patternProperties', 'an object with free-form keys (a map)')
}

/** Each property of `node` converted; optional ones made nullable, forbidden (`false`) ones removed. */
function convertProperties(pass: StrictPass, node: JsonSchema, path: string, depth: number): JsonSchema {
  const source = isSchemaObject(node.properties) ? node.properties : {}
  const wasRequired = new Set(Array.isArray(node.required) ? node.required : [])
  const properties: JsonSchema = {}
  for (const [name, schema] of Object.entries(source)) {
    const propertyPath = joinPointer(path, 'properties', name)
    if (schema === false) {
      pass.record({ path: propertyPath, keyword: 'properties', reason: 'a forbidden property; removed' })
      continue
    }
    if (typeof schema !== 'boolean' && !isSchemaObject(schema)) continue
    pass.totals.properties += 1
    const converted = pass.convert(schema, propertyPath, depth + 1)
    if (wasRequired.has(name)) {
      properties[name] = converted
    } else {
      const nullable = makeNullable(converted)
      properties[name] = nullable
      const how = nullable === converted ? 'it already allowed null' : 'it now also allows null'
      pass.record({
        path: propertyPath,
        keyword: 'required',
        reason: `optional property made required (${how}): null stands for "not given"`,
      })
    }
  }
  return properties
}
