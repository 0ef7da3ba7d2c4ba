import type { JsonSchema } from '../../core/json-schema.js'
import type { DropKeyword } from './drop-recorder.js'
import { lowerExclusiveBound } from './gemini-bounds.js'
import { completeArray, completeObject, lowerProperties } from './gemini-containers.js'
import { formatsByType, type GeminiType, isKeptAnywhere, keptByType, unkeptReason } from './gemini-keywords.js'
import type { GeminiPass } from './gemini-pass.js'
import { joinPointer } from './json-pointer.js'
import { isSchemaObject } from './schema-node.js'
import type { JsonType } from './schema-types.js'
import { isTupleKeyword } from './tuple-as-items.js'

/** Lowers a node of one known type: keeps what Gemini takes for that type, reports the rest. */
export function lowerTyped(
  pass: GeminiPass,
  node: JsonSchema,
  type: GeminiType,
  nullable: boolean,
  path: string,
): JsonSchema {
  const out: JsonSchema = { type }
  if (nullable) out.nullable = true
  const kept = keptByType[type]
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type' || keyword === 'nullable') continue
    if (type === 'array' && isTupleKeyword(node, keyword)) continue
    if (isKeptAnywhere(keyword)) {
      out[keyword] = value
    } else if (kept.includes(keyword)) {
      keepTyped(pass, out, keyword, value, type, path)
    } else if (!lowerExclusiveBound(pass.drop, out, node, keyword, value, type, path)) {
      pass.drop(path, keyword, unkeptReason(keyword, type))
    }
  }
  if (type === 'array') completeArray(pass, out, node, path)
  if (type === 'object') completeObject(pass.drop, out, path)
  return out
}

/** Copies a keyword Gemini takes for `type` into `out`, narrowed to the values Gemini accepts. */
function keepTyped(
  pass: GeminiPass,
  out: JsonSchema,
  keyword: string,
  value: unknown,
  type: JsonType,
  path: string,
): void {
  switch (keyword) {
    case 'enum':
      out.enum = stringEnum(pass.drop, value, path)
      if ((out.enum as unknown[]).length === 0) delete out.enum
      return
    case 'format': {
      const formats = formatsByType[type] ?? []
      if (typeof value === 'string' && formats.includes(value)) out.format = value
      else pass.drop(path, 'format', `Gemini takes only the formats ${formats.join(', ')} for ${type}`)
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
      if (isSchemaObject(value)) out.items = pass.lower(value, joinPointer(path, 'items'))
      return
    case 'properties': {
      const properties = lowerProperties(pass, value, path)
      if (properties !== undefined) out.properties = properties
      return
    }
    default:
      out[keyword] = value
  }
}

/** The non-empty strings of an `enum`; other values (but `null`, said by `nullable`) are reported. */
function stringEnum(drop: DropKeyword, value: unknown, path: string): string[] {
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
