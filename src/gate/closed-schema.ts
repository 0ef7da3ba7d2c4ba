import type { InputProblem } from '../tool/input-validation.js'
import type { JsonSchema } from '../core/json-schema.js'
import { didYouMean } from './did-you-mean.js'

/**
 * The closed-schema check of builtin tools: every key of the input must be a parameter. Unknown
 * keys are named with their path; a renamed parameter gets "use X", a near miss "did you mean X".
 * Nested objects are checked where their schema lists properties.
 */
export function findUnknownKeys(
  input: Record<string, unknown>,
  schema: JsonSchema,
  renamed: Readonly<Record<string, string>> = {},
): InputProblem[] {
  const problems: InputProblem[] = []
  walk(input, schema, '', renamed, problems)
  return problems
}

function walk(
  value: unknown,
  schema: unknown,
  path: string,
  renamed: Readonly<Record<string, string>>,
  problems: InputProblem[],
): void {
  if (!isRecord(schema)) return
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, schema.items, `${path}[${index}]`, {}, problems))
    return
  }
  if (!isRecord(value) || !isRecord(schema.properties)) return
  const properties = schema.properties
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false
  const names = Object.keys(properties)
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`
    if (Object.hasOwn(properties, key)) {
      walk(child, properties[key], childPath, {}, problems)
    } else if (!open) {
      const target = renamed[key]
      const hint = target !== undefined && names.includes(target) ? `; use "${target}"` : suggestion(key, names)
      problems.push({ path: childPath, message: `is not a parameter${hint}` })
    }
  }
}

function suggestion(key: string, names: readonly string[]): string {
  const [best] = didYouMean(key, names, 1)
  return best === undefined ? '' : `; did you mean "${best}"?`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The top-level parameters of a schema for an error message: `a (required), b`. */
export function describeParameters(schema: JsonSchema): string {
  const properties = isRecord(schema.properties) ? Object.keys(schema.properties) : []
  if (properties.length === 0) return 'none (call it with {})'
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  return properties.map((name) => (required.has(name) ? `${name} (required)` : name)).join(', ')
}
