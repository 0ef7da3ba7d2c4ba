import type { JsonSchema } from '../../core/json-schema.js'
import { type DropRecorder, dropRecorder } from './drop-recorder.js'
import { jsonEqual } from './json-equal.js'
import { joinPointer } from './json-pointer.js'
import { type RefTarget, refResolver } from './resolve-ref.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import type { SchemaResult } from './schema-result.js'
import { mapSubschemas } from './subschemas.js'

/** Options of {@link inlineRefs}. */
export interface InlineRefsOptions {
  /**
   * Most `$ref` expansions in one schema. Inlining copies a definition at every use, so a
   * hostile schema (definitions that each use the next one twice) would grow exponentially.
   */
  readonly maxExpansions?: number
}

/** Default of {@link InlineRefsOptions.maxExpansions}. */
export const defaultMaxRefExpansions = 1000

/** Keywords that only annotate, so a `$ref`'s siblings may simply override them. */
const annotationKeywords = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
])

/**
 * Replaces every local `$ref` with a copy of its target and removes `$defs` / `definitions`.
 *
 * Resolves `#` (the root), JSON Pointer fragments (`#/$defs/a`, `#/definitions/a`, with `~0`,
 * `~1` and percent-encoding) and `$anchor` names (`#name`), all against the document root;
 * a ref that repeats the root `$id` before `#` counts as local. A reference back into a schema
 * that is being expanded (recursion) is cut: the recursive point becomes a permissive schema
 * that keeps its description. Remote, dynamic and unresolvable references become permissive
 * schemas too. Every cut is reported; drop paths point into the inlined schema, and the
 * reason names the reference. The input is not changed.
 */
export function inlineRefs(schema: JsonSchema, options: InlineRefsOptions = {}): SchemaResult {
  const pass: InlinePass = {
    ...dropRecorder(),
    resolve: refResolver(schema),
    maxExpansions: options.maxExpansions ?? defaultMaxRefExpansions,
    expansions: 0,
  }
  const result = expand(pass, schema, '', [''])
  // Only a root that is a `$ref` to `true` or `false` lands here as a boolean; treat it as `{}`.
  return { schema: isSchemaObject(result) ? result : {}, dropped: pass.dropped }
}

/** One run of {@link inlineRefs}: its changes, its resolver, and the expansions it has made. */
interface InlinePass extends DropRecorder {
  readonly resolve: (ref: string) => RefTarget | undefined
  readonly maxExpansions: number
  expansions: number
}

/**
 * Expands `node`. `outPath` is where it lands in the result; `chain` holds the source pointer
 * of every schema from the root down to `node`, so a ref to any of them is recursion.
 */
function expand(pass: InlinePass, node: SchemaNode, outPath: string, chain: readonly string[]): SchemaNode {
  if (typeof node === 'boolean') return node
  const own: JsonSchema = {}
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$defs' || keyword === 'definitions') continue
    if (keyword === '$dynamicRef' || keyword === '$recursiveRef') {
      pass.drop(
        outPath,
        keyword,
        `dynamic reference ${JSON.stringify(value)} is not supported; it accepts any value here`,
      )
      continue
    }
    own[keyword] = value
  }
  const source = chain.at(-1) ?? ''
  const expandChildren = (parent: JsonSchema): JsonSchema =>
    mapSubschemas(parent, (sub, tokens) => {
      const childSource = joinPointer(source, ...tokens)
      return expand(pass, sub, joinPointer(outPath, ...tokens), [...chain, childSource])
    })

  if (!('$ref' in own)) return expandChildren(own)
  const { $ref: ref, ...siblingSchema } = own
  return expandRef(pass, ref, expandChildren(siblingSchema), outPath, chain)
}

/** Replaces a `$ref` (with its expanded `siblings`) by its expanded target, or cuts it and says why. */
function expandRef(
  pass: InlinePass,
  ref: unknown,
  siblings: JsonSchema,
  outPath: string,
  chain: readonly string[],
): SchemaNode {
  if (typeof ref !== 'string') {
    pass.drop(outPath, '$ref', 'the reference is not a string; it was removed')
    return siblings
  }
  const target = pass.resolve(ref)
  if (target === undefined) {
    const what = ref.startsWith('#') ? 'cannot be resolved' : 'is remote and is not fetched'
    pass.drop(outPath, '$ref', `reference ${JSON.stringify(ref)} ${what}; it accepts any value here`)
    return withSiblings({}, siblings)
  }
  if (chain.includes(target.pointer)) {
    pass.drop(
      outPath,
      '$ref',
      `recursive reference ${JSON.stringify(ref)} is cut here; it accepts any ${placeholderNoun(target.node)}`,
    )
    return withSiblings(recursionPlaceholder(target.node), siblings)
  }
  pass.expansions += 1
  if (pass.expansions > pass.maxExpansions) {
    pass.drop(
      outPath,
      '$ref',
      `reference ${JSON.stringify(ref)} exceeds the limit of ${pass.maxExpansions} expansions; it accepts any value here`,
    )
    return withSiblings({}, siblings)
  }
  return withSiblings(expand(pass, target.node, outPath, [...chain, target.pointer]), siblings)
}

/** Combines an expanded `$ref` target with the keywords written beside the `$ref`. */
function withSiblings(target: SchemaNode, siblings: JsonSchema): SchemaNode {
  const keywords = Object.keys(siblings)
  if (keywords.length === 0) return target
  if (target === true) return siblings
  if (target === false) return false
  const conflicts = keywords.some(
    (keyword) =>
      Object.hasOwn(target, keyword) &&
      !annotationKeywords.has(keyword) &&
      !jsonEqual(target[keyword], siblings[keyword]),
  )
  // Both apply (2020-12 evaluates `$ref` beside its siblings); keep both when they overlap.
  if (conflicts) return { allOf: [target, siblings] }
  return { ...target, ...siblings }
}

/** A permissive stand-in for a recursive target that still says what kind of value goes there. */
function recursionPlaceholder(target: SchemaNode): JsonSchema {
  const placeholder: JsonSchema = {}
  const noun = placeholderNoun(target)
  if (noun !== 'value') placeholder.type = noun
  if (isSchemaObject(target) && typeof target.description === 'string') placeholder.description = target.description
  return placeholder
}

function placeholderNoun(target: SchemaNode): 'object' | 'array' | 'value' {
  if (!isSchemaObject(target)) return 'value'
  const type = target.type
  if (type === 'object' || (type === undefined && isSchemaObject(target.properties))) return 'object'
  if (type === 'array') return 'array'
  return 'value'
}
