import type { JsonSchema } from '../../core/json-schema.js'
import { joinPointer } from './json-pointer.js'
import { isSchemaObject } from './schema-node.js'
import { type JsonType, keywordType } from './schema-types.js'
import type { StrictPass } from './strict-pass.js'
import { isTupleKeyword } from './tuple-as-items.js'

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

/**
 * Copies the keywords of `node` (of `types`) that strict mode takes into `out`, converting the
 * branches of an `anyOf`; the others, and unsupported formats, are reported. A tuple's keywords
 * are left for the array step.
 */
export function convertKeywords(
  pass: StrictPass,
  out: JsonSchema,
  node: JsonSchema,
  types: readonly JsonType[],
  path: string,
  depth: number,
): void {
  for (const [keyword, value] of Object.entries(node)) {
    if (types.includes('array') && isTupleKeyword(node, keyword)) continue
    const kept =
      (keptAnywhere as readonly string[]).includes(keyword) || types.some((type) => keptByType[type].includes(keyword))
    if (!kept) {
      pass.drop(path, keyword, unkeptReason(keyword, types))
    } else if (keyword === 'format' && !(typeof value === 'string' && strictFormats.includes(value))) {
      pass.drop(path, keyword, `strict mode takes only the formats ${strictFormats.join(', ')}`)
    } else if (keyword === 'anyOf' && Array.isArray(value)) {
      out.anyOf = value.map((branch, index) =>
        typeof branch === 'boolean' || isSchemaObject(branch)
          ? pass.convert(branch, joinPointer(path, 'anyOf', index), depth)
          : branch,
      )
    } else {
      out[keyword] = value
    }
  }
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
