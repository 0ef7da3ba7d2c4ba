import type { FieldSpec } from './schema-spec.js'

/**
 * What a person has typed into a generated form, before it is read as JSON: text for every scalar
 * (an enum's option index, `'true'`/`'false'` for booleans, `''` when unset), a list for arrays, a
 * record for objects.
 */
export type Draft = string | readonly Draft[] | { readonly [name: string]: Draft }

/** A field that cannot be read, by its path (`options.depth`, `paths[2]`). */
export interface FieldError {
  readonly path: string
  readonly message: string
}

/** A draft read as a value: `value` is absent when the field is left out. */
export type DraftReading =
  { readonly ok: true; readonly value?: unknown } | { readonly ok: false; readonly errors: readonly FieldError[] }

/**
 * The draft a form starts from: `value` when given (the JSON a person wrote by hand), else the
 * schema's defaults.
 * @example
 * initialDraft({ kind: 'integer', default: 3 }) // '3'
 */
export function initialDraft(spec: FieldSpec, value: unknown = spec.default): Draft {
  switch (spec.kind) {
    case 'string':
      return typeof value === 'string' ? value : ''
    case 'number':
    case 'integer':
      return typeof value === 'number' ? String(value) : ''
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : ''
    case 'enum': {
      const index = (spec.options ?? []).findIndex((option) => sameJson(option, value))
      return index < 0 ? '' : String(index)
    }
    case 'array':
      return Array.isArray(value) && spec.items !== undefined
        ? value.map((item) => initialDraft(spec.items as FieldSpec, item))
        : []
    case 'object': {
      const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
      return Object.fromEntries(
        (spec.properties ?? []).map((property) => [property.name, initialDraft(property.spec, record[property.name])]),
      )
    }
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2)
  }
}

/**
 * Reads a draft as the JSON value to send, or says which fields are wrong. Unset optional fields are
 * left out (an optional object too, when nothing in it was filled in); an unset required boolean is
 * `false`.
 * @example
 * readDraft({ kind: 'object', properties: [{ name: 'n', required: true, spec: { kind: 'integer' } }] }, { n: '2' }, true)
 * // { ok: true, value: { n: 2 } }
 */
export function readDraft(spec: FieldSpec, draft: Draft, required: boolean, path = ''): DraftReading {
  const errors: FieldError[] = []
  const value = read(spec, draft, required, path, errors)
  return errors.length > 0 ? { ok: false, errors } : { ok: true, ...(value !== undefined && { value }) }
}

function read(spec: FieldSpec, draft: Draft, required: boolean, path: string, errors: FieldError[]): unknown {
  const fail = (message: string) => {
    errors.push({ path, message })
    return undefined
  }
  if (spec.kind === 'array') {
    const items = Array.isArray(draft) ? (draft as readonly Draft[]) : []
    if (items.length === 0 && !required) return undefined
    return items.map((item, i) => read(spec.items ?? { kind: 'json' }, item, true, `${path}[${i}]`, errors))
  }
  if (spec.kind === 'object') {
    // An optional object nobody filled in (blank, or still its defaults) is left out, so its
    // required fields do not stop the call.
    if (!required && (isBlank(draft) || sameJson(draft, initialDraft(spec)))) return undefined
    const record = typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, Draft>) : {}
    const entries: [string, unknown][] = []
    for (const property of spec.properties ?? []) {
      const child = path === '' ? property.name : `${path}.${property.name}`
      const value = read(property.spec, record[property.name] ?? '', property.required, child, errors)
      if (value !== undefined) entries.push([property.name, value])
    }
    return entries.length === 0 && !required ? undefined : Object.fromEntries(entries)
  }
  const text = typeof draft === 'string' ? draft : ''
  switch (spec.kind) {
    case 'string':
      return text === '' && !required ? undefined : text
    case 'number':
    case 'integer': {
      if (text.trim() === '') return required ? fail('Enter a number.') : undefined
      const number = Number(text)
      if (!Number.isFinite(number)) return fail(`"${text}" is not a number.`)
      if (spec.kind === 'integer' && !Number.isInteger(number)) return fail('Enter a whole number.')
      return number
    }
    case 'boolean':
      return text === '' ? (required ? false : undefined) : text === 'true'
    case 'enum': {
      if (text === '') return required ? fail('Choose one.') : undefined
      return spec.options?.[Number(text)]
    }
    case 'json': {
      if (text.trim() === '') return required ? fail('Enter a JSON value.') : undefined
      try {
        return JSON.parse(text) as unknown
      } catch (error) {
        return fail(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
}

/**
 * The draft with the value at `path` replaced (records and lists are copied, never changed).
 * @example
 * setDraftAt({ a: ['x'] }, ['a', 0], 'y') // { a: ['y'] }
 */
export function setDraftAt(draft: Draft, path: readonly (string | number)[], value: Draft | undefined): Draft {
  const [head, ...rest] = path
  if (head === undefined) return value ?? ''
  if (typeof head === 'number') {
    const list = Array.isArray(draft) ? [...(draft as readonly Draft[])] : []
    if (rest.length === 0 && value === undefined) list.splice(head, 1)
    else list[head] = setDraftAt(list[head] ?? '', rest, value)
    return list
  }
  const record = typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, Draft>) : {}
  return { ...record, [head]: setDraftAt(record[head] ?? '', rest, value) }
}

/** Whether nothing was typed into a draft. */
function isBlank(draft: Draft): boolean {
  if (typeof draft === 'string') return draft === ''
  return Object.values(draft).every(isBlank)
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b))
}
