import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { initialDraft, readDraft, setDraftAt, type Draft, type FieldError } from './schema-draft.js'
import { SchemaField } from './schema-field.js'
import { describeSchema } from './schema-spec.js'

/** The props of {@link SchemaForm}. */
export interface SchemaFormProps {
  /** The tool's input JSON schema. */
  readonly schema: unknown
  /** Makes the field ids unique on the page. */
  readonly idPrefix: string
  readonly submitLabel: string
  readonly busy: boolean
  /** Called with the arguments (an object) when they read without errors. */
  readonly onSubmit: (args: Record<string, unknown>) => void
}

/**
 * A form generated from an input JSON schema, with a switch to write the arguments as raw JSON
 * (the only way for a schema the form cannot draw). Mount it with a `key` per schema: it keeps
 * what was typed until then.
 * @example
 * <SchemaForm key={tool.id} schema={tool.inputSchema} idPrefix="call" submitLabel="Call" busy={false} onSubmit={call} />
 */
export function SchemaForm({ schema, idPrefix, submitLabel, busy, onSubmit }: SchemaFormProps): ReactNode {
  const spec = useMemo(() => describeSchema(schema), [schema])
  const drawable = spec.kind === 'object'
  const [mode, setMode] = useState<'form' | 'json'>(drawable ? 'form' : 'json')
  const [draft, setDraft] = useState<Draft>(() => initialDraft(spec))
  const [json, setJson] = useState('{}')
  const [errors, setErrors] = useState<readonly FieldError[]>([])

  const readForm = (): Record<string, unknown> | undefined => {
    const reading = readDraft(spec, draft, true)
    if (!reading.ok) {
      setErrors(reading.errors)
      return undefined
    }
    setErrors([])
    return (reading.value ?? {}) as Record<string, unknown>
  }
  const readJson = (): Record<string, unknown> | undefined => {
    let value: unknown
    try {
      value = JSON.parse(json === '' ? '{}' : json)
    } catch (error) {
      setErrors([{ path: '', message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }])
      return undefined
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      setErrors([{ path: '', message: 'The arguments are a JSON object: { "name": value, … }.' }])
      return undefined
    }
    setErrors([])
    return value as Record<string, unknown>
  }
  const switchTo = (next: 'form' | 'json') => {
    if (next === mode) return
    const value = mode === 'form' ? readForm() : readJson()
    if (value === undefined) return
    if (next === 'json') setJson(JSON.stringify(value, null, 2))
    else setDraft(initialDraft(spec, value))
    setMode(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = mode === 'form' ? readForm() : readJson()
    if (value !== undefined) onSubmit(value)
  }
  const topError = errors.find((e) => e.path === '')
  const jsonId = `${idPrefix}-json`

  return (
    <form className="schema-form" onSubmit={submit} noValidate>
      {drawable && (
        <div className="segmented" role="group" aria-label="Arguments as">
          <button type="button" aria-pressed={mode === 'form'} onClick={() => switchTo('form')}>
            Form
          </button>
          <button type="button" aria-pressed={mode === 'json'} onClick={() => switchTo('json')}>
            JSON
          </button>
        </div>
      )}
      {mode === 'form' ? (
        (spec.properties ?? []).length === 0 ? (
          <p className="muted">This tool takes no arguments.</p>
        ) : (
          (spec.properties ?? []).map((property) => (
            <SchemaField
              key={property.name}
              name={property.name}
              spec={property.spec}
              required={property.required}
              draft={(draft as Record<string, Draft>)[property.name] ?? ''}
              path={[property.name]}
              idPrefix={idPrefix}
              errors={errors}
              onChange={(path, value) => setDraft((current) => setDraftAt(current, path, value))}
            />
          ))
        )
      ) : (
        <div className="field">
          <label htmlFor={jsonId}>Arguments (JSON object)</label>
          {!drawable && (
            <small className="field-hint">This input schema cannot be drawn as a form; write the JSON.</small>
          )}
          <textarea
            id={jsonId}
            className="code-input"
            rows={8}
            spellCheck={false}
            value={json}
            aria-invalid={topError !== undefined ? true : undefined}
            aria-describedby={topError !== undefined ? `${jsonId}-error` : undefined}
            onChange={(e) => setJson(e.target.value)}
          />
        </div>
      )}
      <div role="alert" className="form-errors">
        {topError !== undefined && (
          <p id={`${jsonId}-error`} className="field-error">
            {topError.message}
          </p>
        )}
        {errors.length > 0 && topError === undefined && (
          <p className="field-error">
            {errors.length === 1 ? 'One field needs' : `${errors.length} fields need`} fixing before the call.
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy} aria-busy={busy}>
          {busy ? `${submitLabel}…` : submitLabel}
        </button>
      </div>
    </form>
  )
}
