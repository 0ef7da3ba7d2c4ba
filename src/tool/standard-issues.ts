import type { InputProblem, InputValidation } from './input-validation.js'
import type { StandardIssue, StandardSchemaWithJson } from './standard-schema.js'

/** Validates a value with a Standard Schema and turns its issues into input problems. */
export async function validateWithStandardSchema(
  schema: StandardSchemaWithJson,
  value: unknown,
): Promise<InputValidation> {
  const result = await schema['~standard'].validate(value)
  if (result.issues === undefined) return { ok: true, value: result.value as Record<string, unknown> }
  return { ok: false, problems: result.issues.map(toInputProblem) }
}

function toInputProblem(issue: StandardIssue): InputProblem {
  const path = (issue.path ?? [])
    .map((segment) => (typeof segment === 'object' ? segment.key : segment))
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('')
  return { path, message: issue.message }
}
