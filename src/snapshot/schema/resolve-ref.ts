import type { JsonSchema } from '../../core/json-schema.js'
import { joinPointer, parsePointer } from './json-pointer.js'
import { isSchemaNode, isSchemaObject, type SchemaNode } from './schema-node.js'
import { mapSubschemas } from './subschemas.js'

/** Where a `$ref` points: the target's canonical pointer and the schema there. */
export interface RefTarget {
  readonly pointer: string
  readonly node: SchemaNode
}

/**
 * Resolves local references against the document `root`: `#`, JSON Pointer fragments (with
 * `~0`, `~1` and percent-encoding) and `$anchor` names, also after the root `$id`. Returns
 * `undefined` for remote and unresolvable references.
 */
export function refResolver(root: JsonSchema): (ref: string) => RefTarget | undefined {
  const rootId = typeof root.$id === 'string' ? root.$id.split('#')[0] : undefined
  // Anchors are indexed at the first reference that is not a pointer, as most schemas have none.
  let anchors: Map<string, string> | undefined
  return (ref) => {
    let local = ref
    if (rootId !== undefined && rootId !== '' && ref.startsWith(`${rootId}#`)) local = ref.slice(rootId.length)
    if (!local.startsWith('#')) return undefined
    let fragment: string
    try {
      fragment = decodeURIComponent(local.slice(1))
    } catch {
      return undefined
    }
    let tokens = parsePointer(fragment)
    if (tokens === undefined) {
      anchors ??= indexAnchors(root)
      const anchorPointer = anchors.get(fragment)
      tokens = anchorPointer === undefined ? undefined : parsePointer(anchorPointer)
    }
    if (tokens === undefined) return undefined
    const node = nodeAt(root, tokens)
    return node === undefined ? undefined : { pointer: joinPointer('', ...tokens), node }
  }
}

/** The subschema at `tokens` under `root`, if there is one. */
function nodeAt(root: JsonSchema, tokens: readonly string[]): SchemaNode | undefined {
  let current: unknown = root
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined
      current = current[Number(token)]
    } else if (isSchemaObject(current) && Object.hasOwn(current, token)) {
      current = current[token]
    } else {
      return undefined
    }
  }
  return isSchemaNode(current) ? current : undefined
}

/** Maps each `$anchor` name in the document to the pointer of the schema that declares it. */
function indexAnchors(root: JsonSchema): Map<string, string> {
  const anchors = new Map<string, string>()
  const visit = (node: SchemaNode, pointer: string): SchemaNode => {
    if (typeof node === 'boolean') return node
    if (typeof node.$anchor === 'string' && !anchors.has(node.$anchor)) anchors.set(node.$anchor, pointer)
    // mapSubschemas is used only to reach every subschema; its copy is discarded.
    mapSubschemas(node, (sub, tokens) => visit(sub, joinPointer(pointer, ...tokens)))
    return node
  }
  visit(root, '')
  return anchors
}
