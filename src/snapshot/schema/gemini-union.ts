import type { JsonSchema } from '../../core/json-schema.js'
import { isKeptAnywhere, pickKeptAnywhere } from './gemini-keywords.js'
import type { GeminiPass } from './gemini-pass.js'
import { joinPointer } from './json-pointer.js'
import { isSchemaObject, type SchemaNode } from './schema-node.js'
import { declaredTypes, impliedTypes } from './schema-types.js'

/**
 * Lowers `holder`, whose `anyOf` (`branches`) says what the value is: `{type: "null"}` branches
 * become `nullable`, a single remaining branch is described directly, several stay an `anyOf`
 * (or one string `enum` when they are all string constants).
 */
export function lowerUnion(
  pass: GeminiPass,
  holder: JsonSchema,
  branches: readonly unknown[],
  nullable: boolean,
  path: string,
): JsonSchema {
  let isNullable = nullable
  let hadNullBranch = false
  const kept: { branch: SchemaNode; index: number }[] = []
  branches.forEach((branch, index) => {
    if (isSchemaObject(branch) && isNullOnly(branch)) hadNullBranch = true
    else if (typeof branch === 'boolean' || isSchemaObject(branch)) kept.push({ branch, index })
  })
  if (hadNullBranch) {
    isNullable = true
    pass.drop(path, 'anyOf', 'the null branch became nullable: true')
  }
  const { type: _type, ...holderRest } = holder
  const [single] = kept
  if (kept.length === 0) return pass.lower({ ...holderRest, type: 'null' }, path)
  if (kept.length === 1 && single !== undefined) {
    // One real branch: describe it directly; the holder's own keywords (its description) win.
    if (!isSchemaObject(single.branch)) return pass.lower(single.branch, path, isNullable)
    return pass.lower({ ...single.branch, ...holderRest }, path, isNullable)
  }
  if (Object.hasOwn(holder, 'type')) pass.drop(path, 'type', 'removed beside anyOf: the branches carry the types')
  for (const keyword of Object.keys(holderRest)) {
    if (keyword === 'nullable' || isKeptAnywhere(keyword)) continue
    pass.drop(path, keyword, 'removed beside anyOf: Gemini keeps only annotations next to a union')
  }
  const lowered = kept.map(({ branch, index }) => pass.lower(branch, joinPointer(path, 'anyOf', index)))
  const values = stringEnumUnion(lowered)
  // A union of string constants (a discriminator, say) reads better as one enum, and means the same.
  const result: JsonSchema =
    values === undefined
      ? { ...pickKeptAnywhere(holderRest), anyOf: lowered }
      : { type: 'string', ...pickKeptAnywhere(holderRest), enum: values }
  if (isNullable) result.nullable = true
  return result
}

/** True when every branch only constrains the value (none says what kind of value it is). */
export function onlyConstrains(branches: readonly unknown[]): boolean {
  return branches.every((branch) => isSchemaObject(branch) && !definesShape(branch))
}

/** The values of branches that are all bare string enums, united; `undefined` otherwise. */
function stringEnumUnion(branches: readonly JsonSchema[]): string[] | undefined {
  const values = new Set<string>()
  for (const branch of branches) {
    const bare = Object.keys(branch).every((keyword) => keyword === 'type' || keyword === 'enum')
    if (!bare || branch.type !== 'string' || !Array.isArray(branch.enum)) return undefined
    for (const value of branch.enum) if (typeof value === 'string') values.add(value)
  }
  return [...values]
}

/** True when a schema says what kind of value it is, rather than only constraining one. */
function definesShape(schema: JsonSchema): boolean {
  return ['type', 'enum', 'const', 'properties', 'items', 'prefixItems', 'anyOf', 'oneOf', 'allOf'].some((keyword) =>
    Object.hasOwn(schema, keyword),
  )
}

/** True for `{type: "null"}`, `{const: null}` and `{enum: [null]}` (annotations aside). */
function isNullOnly(schema: JsonSchema): boolean {
  const types = Object.hasOwn(schema, 'type') ? declaredTypes(schema) : impliedTypes(schema)
  return types.length === 1 && types[0] === 'null'
}
