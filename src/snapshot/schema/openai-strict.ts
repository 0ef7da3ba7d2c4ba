import type { SchemaDrop } from '../protocols/protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { dropRecorder } from './drop-recorder.js'
import { joinPointer } from './json-pointer.js'
import { mergeAllOfKeyword, oneOfAsAnyOf } from './rewrite-combinators.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import type { SchemaResult } from './schema-result.js'
import { declaredTypes, impliedTypes } from './schema-types.js'
import { convertArray, convertObject } from './strict-containers.js'
import { convertKeywords } from './strict-keywords.js'
import { strictLimits } from './strict-limits.js'
import type { StrictPass } from './strict-pass.js'

/** The outcome of {@link toOpenAIStrict}. */
export interface StrictSchemaResult extends SchemaResult {
  /** False when the schema cannot be made strict; send the unstrict schema with `strict: false` then. */
  readonly strictCompatible: boolean
  /** Why it cannot be strict (also listed in `dropped`); empty when it can. */
  readonly blockers: readonly SchemaDrop[]
}

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
 * the size limits (`strictLimits`). Those are reported in `blockers` and make `strictCompatible` false.
 */
export function toOpenAIStrict(schema: JsonSchema): StrictSchemaResult {
  const pass = strictPass()
  const converted = pass.convert(schema, '', 0, true)
  if (pass.totals.enumValues > strictLimits.maxEnumValues)
    pass.block('', 'enum', `more than ${strictLimits.maxEnumValues} enum values in all`)
  return {
    schema: isSchemaObject(converted) ? converted : {},
    dropped: pass.dropped,
    strictCompatible: pass.blockers.length === 0,
    blockers: pass.blockers,
  }
}

/** A fresh conversion: no changes, no blockers, zero totals. */
function strictPass(): StrictPass {
  const recorder = dropRecorder()
  const blockers: SchemaDrop[] = []
  const pass: StrictPass = {
    ...recorder,
    blockers,
    block: (path, keyword, reason) => {
      const entry = { path: joinPointer(path, keyword), keyword, reason: `not strict-compatible: ${reason}` }
      blockers.push(entry)
      recorder.record(entry)
    },
    totals: { properties: 0, enumValues: 0, depthReported: false, sizeReported: false },
    convert: (node, path, depth, isRoot = false) => convert(pass, node, path, depth, isRoot),
  }
  return pass
}

/** Converts one subschema: combinators first, then its keywords, then what its type needs. */
function convert(pass: StrictPass, node: SchemaNode, path: string, depth: number, isRoot: boolean): SchemaNode {
  if (typeof node === 'boolean') {
    pass.block(path, 'type', node ? 'a schema that allows any value' : 'a schema that allows no value')
    return node
  }
  const merged = mergeAllOfKeyword(node, path, pass.drop, 'strict mode')
  if (!isSchemaObject(merged) || Object.hasOwn(merged, 'allOf')) return convert(pass, merged, path, depth, isRoot)
  const current = oneOfAsAnyOf(merged, path, pass.drop, 'strict mode')

  const out: JsonSchema = {}
  const hasType = Object.hasOwn(current, 'type')
  const types = hasType ? declaredTypes(current) : impliedTypes(current)
  const describesValues = ['enum', 'const', 'anyOf'].some((keyword) => Object.hasOwn(current, keyword))
  if (!hasType && !describesValues) {
    if (types.length === 0) {
      pass.block(path, 'type', 'a schema without a type allows any value')
      return current
    }
    // Strict mode wants a type; the keywords already say which.
    out.type = types.length === 1 ? types[0] : types
  }
  if (Array.isArray(current.enum)) pass.totals.enumValues += current.enum.length
  convertKeywords(pass, out, current, types, path, depth)
  if (types.includes('array')) convertArray(pass, out, current, path, depth)
  if (types.includes('object')) convertObject(pass, out, current, path, depth, isRoot)
  return out
}
