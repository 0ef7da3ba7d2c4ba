import type { JsonSchema } from '../core/json-schema.js'
import { parsePointer } from '../snapshot/schema/json-pointer.js'

/**
 * What a schema (already valid against the 2020-12 meta-schema) shows before ajv compiles it: the
 * faults ajv would otherwise find only while compiling (a pattern that is not a regular
 * expression, a reference it cannot resolve, a keyword it refuses), and whether compiling can wait.
 */
export interface SchemaStructure {
  /** Why the first `pattern` or `patternProperties` key that ajv would compile is not a regular expression. */
  readonly invalidPattern?: string
  /**
   * True when every `$ref` points into the document itself through subschemas, no `$id`, anchor
   * or dynamic reference appears anywhere, and no subschema holds a keyword ajv refuses: then
   * compiling cannot fail on anything this check has not seen. Otherwise the schema is compiled
   * at once, so that ajv reports its faults.
   */
  readonly selfContained: boolean
}

// How ajv (draft 2020-12: applicator, dynamic, next and unevaluated vocabularies) reads each
// keyword that holds subschemas: one subschema, a list of them, or a map of them by name.
type Holds = 'one' | 'list' | 'map'
const subschemaKeywords = new Map<string, Holds>([
  ['not', 'one'],
  ['if', 'one'],
  ['then', 'one'],
  ['else', 'one'],
  ['contains', 'one'],
  ['items', 'one'],
  ['additionalProperties', 'one'],
  ['propertyNames', 'one'],
  ['unevaluatedItems', 'one'],
  ['unevaluatedProperties', 'one'],
  ['allOf', 'list'],
  ['anyOf', 'list'],
  ['oneOf', 'list'],
  ['prefixItems', 'list'],
  ['properties', 'map'],
  ['patternProperties', 'map'],
  ['dependentSchemas', 'map'],
  ['dependencies', 'map'],
])
// Compiled only where a `$ref` reaches them.
const definitionKeywords = new Set(['$defs', 'definitions'])
// Keywords resolved against base URIs or the dynamic scope, and `$async`: left to ajv.
const resolverKeywords = new Set([
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveRef',
  '$recursiveAnchor',
  '$async',
])
const dialects = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2020-12/schema#',
])
// Deeper documents are left to ajv: the bound also ends data that refers to itself.
const maxScanDepth = 100

/** Looks at a schema's structure without compiling it. */
export function inspectSchema(root: JsonSchema): SchemaStructure {
  if (usesResolver(root, 0)) return { selfContained: false }
  // The scan above bounds the depth, so the tree is finite; only references can lead back.
  const reached = new Set<object>()
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const node = pending.pop()
    if (!isRecord(node)) continue
    if (failsToCompile(node)) return { selfContained: false }
    for (const key in node) {
      const value = node[key]
      if (key === 'pattern') {
        const invalid = typeof value === 'string' ? regExpError(value) : undefined
        if (invalid !== undefined) return { invalidPattern: invalid, selfContained: true }
      } else if (key === '$ref') {
        const target = typeof value === 'string' ? resolveLocalRef(root, value) : undefined
        if (target === undefined) return { selfContained: false }
        if (isRecord(target) && !reached.has(target)) {
          reached.add(target)
          pending.push(target)
        }
      } else if (key === 'patternProperties' && isRecord(value)) {
        for (const pattern in value) {
          const invalid = regExpError(pattern)
          if (invalid !== undefined) return { invalidPattern: invalid, selfContained: true }
        }
      }
      const holds = subschemaKeywords.get(key)
      // ajv ignores `then` and `else` without `if`.
      if (holds === undefined || ((key === 'then' || key === 'else') && !('if' in node))) continue
      if (holds === 'one') pending.push(value)
      else if (holds === 'list' && Array.isArray(value)) pending.push(...(value as unknown[]))
      else if (holds === 'map' && isRecord(value)) for (const name in value) pending.push(value[name])
    }
  }
  return { selfContained: true }
}

/**
 * Whether the document, data included, holds a keyword that only ajv's resolver handles, or a
 * `$schema` below the root or other than 2020-12 (a schema that takes another as its
 * meta-schema is checked against that one only).
 */
function usesResolver(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (depth > maxScanDepth) return true
  if (Array.isArray(value)) return value.some((item) => usesResolver(item, depth + 1))
  for (const key in value) {
    const dialect = key === '$schema' && (depth > 0 || !dialects.has(String((value as Record<string, unknown>)[key])))
    if (resolverKeywords.has(key) || dialect) return true
    if (usesResolver((value as Record<string, unknown>)[key], depth + 1)) return true
  }
  return false
}

/**
 * Whether ajv refuses this subschema, valid against the meta-schema, while compiling it: an empty
 * `enum`, the draft-4 `id`, or a `nullable` that is no boolean, has no type or contradicts its
 * `null` type. ajv words the reason.
 */
function failsToCompile(node: Record<string, unknown>): boolean {
  if ('id' in node || (Array.isArray(node.enum) && node.enum.length === 0)) return true
  if (node.nullable === undefined) return false
  if (typeof node.nullable !== 'boolean') return true
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? (node.type as unknown[]) : [node.type]
  return types.includes('null') ? node.nullable === false : types.length === 0
}

/**
 * The subschema a `#…` JSON Pointer reference reaches by subschema keywords only, or `undefined`
 * when it points anywhere else (left to ajv).
 */
function resolveLocalRef(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let fragment: string
  try {
    fragment = decodeURIComponent(ref.slice(1))
  } catch {
    return undefined
  }
  const tokens = parsePointer(fragment)
  if (tokens === undefined) return undefined
  let node: unknown = root
  for (let index = 0; index < tokens.length; index++) {
    const keyword = tokens[index] ?? ''
    if (!isRecord(node)) return undefined
    const holds = subschemaKeywords.get(keyword)
    if (holds === 'one') {
      node = node[keyword]
      continue
    }
    const named = holds !== undefined || definitionKeywords.has(keyword)
    const container = node[keyword]
    const name = tokens[++index]
    if (!named || name === undefined || typeof container !== 'object' || container === null) return undefined
    if (!Object.hasOwn(container, name)) return undefined
    node = (container as Record<string, unknown>)[name]
  }
  return isRecord(node) || typeof node === 'boolean' ? node : undefined
}

/** ajv compiles patterns as `new RegExp(pattern, 'u')`. */
function regExpError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u')
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
