import type { PostToolHookOutcome, PreToolHookOutcome } from './hook-types.js'

/** An outcome that passed validation, or why it did not. */
export type ParsedOutcome<O> =
  { readonly ok: true; readonly outcome: O } | { readonly ok: false; readonly problem: string }

type FieldCheck = (value: unknown) => string | undefined

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const oneOf =
  (...allowed: readonly string[]): FieldCheck =>
  (value) =>
    typeof value === 'string' && allowed.includes(value)
      ? undefined
      : `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`
const aString: FieldCheck = (value) => (typeof value === 'string' ? undefined : 'must be a string')
const aBoolean: FieldCheck = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false')
const anObject: FieldCheck = (value) => (isPlainObject(value) ? undefined : 'must be a JSON object')

/**
 * Checks an outcome against its fields. Unknown fields are refused rather than ignored: a guard
 * whose misspelt `"decison": "deny"` silently passed would be worse than one that fails loudly.
 */
function parseOutcome<O>(value: unknown, fields: Readonly<Record<string, FieldCheck>>): ParsedOutcome<O> {
  if (!isPlainObject(value)) return { ok: false, problem: 'answered with something other than a JSON object' }
  for (const [key, field] of Object.entries(value)) {
    const check = Object.hasOwn(fields, key) ? fields[key] : undefined
    if (check === undefined)
      return { ok: false, problem: `answered with unknown field "${key}" (expected ${Object.keys(fields).join(', ')})` }
    const problem = field === undefined ? undefined : check(field)
    if (problem !== undefined) return { ok: false, problem: `answered with an invalid "${key}": it ${problem}` }
  }
  return { ok: true, outcome: value as O }
}

const preToolFields = { decision: oneOf('allow', 'deny', 'ask'), reason: aString, updatedInput: anObject }
const postToolFields = { block: aBoolean, reason: aString, additionalContext: aString }

/** Validates a pre-tool hook's answer (`decision`, `reason`, `updatedInput`). */
export function parsePreToolOutcome(value: unknown): ParsedOutcome<PreToolHookOutcome> {
  return parseOutcome(value, preToolFields)
}

/** Validates a post-tool hook's answer (`block`, `reason`, `additionalContext`). */
export function parsePostToolOutcome(value: unknown): ParsedOutcome<PostToolHookOutcome> {
  return parseOutcome(value, postToolFields)
}
