import type { SchemaDrop } from '../protocols/protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { jsonEqual } from './json-equal.js'
import { joinPointer } from './json-pointer.js'
import { mergeAllOf } from './merge-all-of.js'
import { isSchemaObject } from './schema-node.js'
import type { SchemaResult } from './schema-result.js'
import { declaredTypes, impliedTypes } from './schema-types.js'

/** Root keywords the providers refuse beside an object root (OpenAI, Anthropic) or that make no sense there. */
const refusedRootKeywords = ['not', 'enum', 'const'] as const

/**
 * Makes the root a plain `type: "object"` schema with `properties`, as every protocol needs
 * for tool arguments.
 *
 * A missing `type` is added, with `properties: {}` when there are none. A root `allOf` is merged
 * in; a root `anyOf` / `oneOf` of objects (a discriminated union, say) becomes one object with the
 * properties of every branch, required only where all branches require them — OpenAI and Anthropic
 * refuse unions at the top. A non-object root becomes an empty object. Each change is reported.
 */
export function ensureObjectRoot(schema: JsonSchema): SchemaResult {
  const dropped: SchemaDrop[] = []
  const drop = (keyword: string, reason: string): void => {
    dropped.push({ path: joinPointer('', keyword), keyword, reason })
  }
  let root: JsonSchema = { ...schema }

  if (Object.hasOwn(root, 'allOf')) {
    const { schema: merged, conflicts } = mergeAllOf([root])
    const clash = conflicts.length > 0 ? `; where members disagreed (${conflicts.join(', ')}) the first was kept` : ''
    drop('allOf', `merged into the root, where providers refuse allOf${clash}`)
    root = isSchemaObject(merged) ? merged : {}
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!Object.hasOwn(root, keyword)) continue
    const { [keyword]: branches, ...rest } = root
    if (Array.isArray(branches) && branches.length > 0 && branches.every(isObjectBranch)) {
      root = mergeBranches(rest, branches)
      drop(
        keyword,
        `providers refuse a union at the root; its branches were merged into one object (all their properties, required only where every branch requires them)`,
      )
    } else {
      root = rest
      drop(keyword, 'providers refuse a union at the root, and its branches are not all objects; it was removed')
    }
  }

  for (const keyword of refusedRootKeywords) {
    if (!Object.hasOwn(root, keyword)) continue
    const { [keyword]: _removed, ...rest } = root
    root = rest
    drop(keyword, `not allowed on the root of tool arguments`)
  }

  const types = declaredTypes(root)
  if (Object.hasOwn(root, 'type') && !types.includes('object')) {
    drop(
      'type',
      `tool arguments are an object; the root of type ${JSON.stringify(root.type)} was replaced by an empty object`,
    )
    root = pick(root, ['title', 'description'])
    root.properties = {}
  } else if (Array.isArray(root.type)) {
    drop('type', 'tool arguments are an object; the other root types were removed')
  }

  const { type: _type, properties, ...rest } = root
  return { schema: { type: 'object', properties: isSchemaObject(properties) ? properties : {}, ...rest }, dropped }
}

function isObjectBranch(branch: unknown): branch is JsonSchema {
  if (!isSchemaObject(branch)) return false
  const types = Object.hasOwn(branch, 'type') ? declaredTypes(branch) : impliedTypes(branch)
  return types.includes('object')
}

/** One object accepting every key of every branch; a property whose branches differ becomes an `anyOf`. */
function mergeBranches(holder: JsonSchema, branches: readonly JsonSchema[]): JsonSchema {
  const variants = new Map<string, unknown[]>()
  for (const branch of branches) {
    const properties = isSchemaObject(branch.properties) ? branch.properties : {}
    for (const [name, schema] of Object.entries(properties)) {
      const seen = variants.get(name) ?? []
      if (!seen.some((known) => jsonEqual(known, schema))) seen.push(schema)
      variants.set(name, seen)
    }
  }
  const holderProperties = isSchemaObject(holder.properties) ? holder.properties : {}
  const properties: JsonSchema = { ...holderProperties }
  for (const [name, schemas] of variants) {
    if (Object.hasOwn(properties, name)) continue
    properties[name] = schemas.length === 1 ? schemas[0] : combineVariants(schemas)
  }

  const requiredSets = branches.map((branch) => new Set(stringList(branch.required)))
  const everywhere = [...(requiredSets[0] ?? [])].filter((name) => requiredSets.every((set) => set.has(name)))
  const required = [...new Set([...stringList(holder.required), ...everywhere])]

  const merged: JsonSchema = { ...holder, type: 'object', properties }
  if (required.length > 0) merged.required = required
  // Closed only if every branch was closed; the merged object then lists every allowed key.
  if (
    !Object.hasOwn(holder, 'additionalProperties') &&
    branches.every((branch) => branch.additionalProperties === false)
  ) {
    merged.additionalProperties = false
  }
  return merged
}

/** Schemas a property has in different branches, as one: string constants (a discriminator) as one enum. */
function combineVariants(schemas: readonly unknown[]): JsonSchema {
  const constants: string[] = []
  for (const schema of schemas) {
    const isStringConstant =
      isSchemaObject(schema) &&
      typeof schema.const === 'string' &&
      Object.keys(schema).every((keyword) => keyword === 'const' || (keyword === 'type' && schema.type === 'string'))
    if (!isStringConstant) return { anyOf: [...schemas] }
    constants.push(schema.const as string)
  }
  return { type: 'string', enum: constants }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
}

function pick(schema: JsonSchema, keywords: readonly string[]): JsonSchema {
  const picked: JsonSchema = {}
  for (const keyword of keywords) if (Object.hasOwn(schema, keyword)) picked[keyword] = schema[keyword]
  return picked
}
