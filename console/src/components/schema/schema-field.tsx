import type { ReactNode } from 'react'
import type { Draft, FieldError } from './schema-draft.js'
import { initialDraft } from './schema-draft.js'
import { isScalar, type FieldSpec } from './schema-spec.js'

/** One field of a generated form and, for arrays and objects, the fields inside it. */
export interface SchemaFieldProps {
  readonly name: string
  readonly spec: FieldSpec
  readonly required: boolean
  readonly draft: Draft
  /** Where the field is in the draft: property names and list indexes. */
  readonly path: readonly (string | number)[]
  readonly idPrefix: string
  readonly errors: readonly FieldError[]
  readonly onChange: (path: readonly (string | number)[], value: Draft | undefined) => void
}

/** Names whose text usually runs over several lines. */
const longTextNames = /^(content|contents|code|command|patch|script|text|body|source|input|prompt|message|diff)$/i

/**
 * A form field drawn from a JSON schema: text, numbers, booleans, enums as selects, lists of scalars
 * with add and remove buttons, nested objects as field sets, and raw JSON for anything else. Every
 * input has a label, its description as a hint and its error announced with it.
 * @example
 * <SchemaField name="path" spec={{ kind: 'string' }} required draft="" path={['path']} idPrefix="f" errors={[]} onChange={set} />
 */
export function SchemaField(props: SchemaFieldProps): ReactNode {
  const { name, spec, required, draft, path, idPrefix, errors, onChange } = props
  const pathText = pathToText(path)
  const id = `${idPrefix}-${pathText.replace(/[^\w-]/g, '_')}`
  const error = errors.find((e) => e.path === pathText)
  const hintId = spec.description !== undefined ? `${id}-hint` : undefined
  const errorId = error !== undefined ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter((x) => x !== undefined).join(' ') || undefined
  const text = typeof draft === 'string' ? draft : ''
  const label = (
    <>
      {spec.title ?? name}
      {required && (
        <span className="required" title="required">
          {' '}
          *<span className="visually-hidden"> (required)</span>
        </span>
      )}
    </>
  )
  const hint = spec.description !== undefined && (
    <small id={hintId} className="field-hint">
      {spec.description}
    </small>
  )
  const errorNote = error !== undefined && (
    <p id={errorId} className="field-error">
      {error.message}
    </p>
  )
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error !== undefined ? true : undefined,
    'aria-required': required ? true : undefined,
  }
  const set = (value: Draft | undefined) => onChange(path, value)

  if (spec.kind === 'object' || spec.kind === 'array') {
    const items = Array.isArray(draft) ? (draft as readonly Draft[]) : []
    const record = typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, Draft>) : {}
    return (
      <fieldset className="field field-group" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {hint}
        {spec.kind === 'object'
          ? (spec.properties ?? []).map((property) => (
              <SchemaField
                key={property.name}
                {...props}
                name={property.name}
                spec={property.spec}
                required={property.required}
                draft={record[property.name] ?? ''}
                path={[...path, property.name]}
              />
            ))
          : items.map((item, index) => (
              <div
                className={isScalar(spec.items ?? { kind: 'json' }) ? 'array-item' : 'array-item array-item-group'}
                key={index}
              >
                <SchemaField
                  {...props}
                  name={`${name} ${index + 1}`}
                  spec={spec.items ?? { kind: 'json' }}
                  required
                  draft={item}
                  path={[...path, index]}
                />
                <button type="button" className="button-quiet" onClick={() => onChange([...path, index], undefined)}>
                  Remove<span className="visually-hidden">{` ${name} ${index + 1}`}</span>
                </button>
              </div>
            ))}
        {spec.kind === 'array' && (
          <button
            type="button"
            className="button-quiet"
            onClick={() => onChange([...path, items.length], initialDraft(spec.items ?? { kind: 'json' }))}
          >
            Add {spec.items?.title ?? 'item'}
            <span className="visually-hidden">{` to ${spec.title ?? name}`}</span>
          </button>
        )}
        {errorNote}
      </fieldset>
    )
  }

  if (spec.kind === 'boolean' && required)
    return (
      <div className="field field-check">
        <input {...common} type="checkbox" checked={text === 'true'} onChange={(e) => set(String(e.target.checked))} />
        <label htmlFor={id}>{label}</label>
        {hint}
        {errorNote}
      </div>
    )

  let control: ReactNode
  if (spec.kind === 'boolean')
    control = (
      <select {...common} value={text} onChange={(e) => set(e.target.value)}>
        <option value="">(not set)</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    )
  else if (spec.kind === 'enum')
    control = (
      <select {...common} value={text} onChange={(e) => set(e.target.value)}>
        <option value="">{required ? 'Choose…' : '(not set)'}</option>
        {(spec.options ?? []).map((option, index) => (
          <option key={index} value={String(index)}>
            {typeof option === 'string' ? option : JSON.stringify(option)}
          </option>
        ))}
      </select>
    )
  else if (spec.kind === 'json' || (spec.kind === 'string' && (spec.multiline === true || longTextNames.test(name))))
    control = (
      <textarea
        {...common}
        className={spec.kind === 'json' ? 'code-input' : undefined}
        rows={spec.kind === 'json' ? 4 : 3}
        spellCheck={spec.kind !== 'json'}
        placeholder={spec.kind === 'json' ? 'JSON' : undefined}
        value={text}
        onChange={(e) => set(e.target.value)}
      />
    )
  else
    control = (
      <input
        {...common}
        type="text"
        inputMode={spec.kind === 'integer' ? 'numeric' : spec.kind === 'number' ? 'decimal' : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => set(e.target.value)}
      />
    )
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {spec.kind === 'json' && <span className="field-kind"> (JSON)</span>}
      </label>
      {hint}
      {control}
      {errorNote}
    </div>
  )
}

/** `['options', 'paths', 2]` → `options.paths[2]`, the form used in {@link FieldError} paths. */
export function pathToText(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`),
    '',
  )
}
