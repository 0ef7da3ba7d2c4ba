import { describe, expect, it } from 'vitest'
import { initialDraft, readDraft, setDraftAt } from './schema-draft.js'
import type { FieldSpec } from './schema-spec.js'

const spec: FieldSpec = {
  kind: 'object',
  properties: [
    { name: 'path', required: true, spec: { kind: 'string' } },
    { name: 'note', required: false, spec: { kind: 'string' } },
    { name: 'limit', required: false, spec: { kind: 'integer', default: 10 } },
    { name: 'force', required: true, spec: { kind: 'boolean' } },
    { name: 'dry', required: false, spec: { kind: 'boolean' } },
    { name: 'mode', required: false, spec: { kind: 'enum', options: ['fast', { level: 2 }] } },
    { name: 'tags', required: false, spec: { kind: 'array', items: { kind: 'number' } } },
    {
      name: 'options',
      required: false,
      spec: { kind: 'object', properties: [{ name: 'depth', required: true, spec: { kind: 'integer' } }] },
    },
    { name: 'extra', required: false, spec: { kind: 'json' } },
  ],
}

describe('initialDraft', () => {
  it('starts from the defaults', () => {
    expect(initialDraft(spec)).toEqual({
      path: '',
      note: '',
      limit: '10',
      force: '',
      dry: '',
      mode: '',
      tags: [],
      options: { depth: '' },
      extra: '',
    })
  })

  it('takes a value written by hand, enums by their option', () => {
    const draft = initialDraft(spec, { path: 'a', mode: { level: 2 }, tags: [1, 2], extra: { x: 1 }, dry: false })
    expect(draft).toMatchObject({ path: 'a', mode: '1', tags: ['1', '2'], extra: '{\n  "x": 1\n}', dry: 'false' })
  })
})

describe('readDraft', () => {
  it('leaves out unset optional fields and sends false for an unset required boolean', () => {
    expect(readDraft(spec, { ...(initialDraft(spec) as object), path: 'a.txt', limit: '' }, true)).toEqual({
      ok: true,
      value: { path: 'a.txt', force: false },
    })
  })

  it('reads numbers, enums, lists, nested objects and JSON', () => {
    const draft = {
      path: '',
      limit: '3',
      force: 'true',
      dry: 'false',
      mode: '1',
      tags: ['1.5', '-2'],
      options: { depth: '4' },
      extra: '[1, "two"]',
    }
    expect(readDraft(spec, draft, true)).toEqual({
      ok: true,
      value: {
        path: '',
        limit: 3,
        force: true,
        dry: false,
        mode: { level: 2 },
        tags: [1.5, -2],
        options: { depth: 4 },
        extra: [1, 'two'],
      },
    })
  })

  it('names each field that cannot be read', () => {
    const reading = readDraft(
      spec,
      { path: 'a', limit: '2.5', tags: ['x'], options: { depth: 'deep' }, extra: '{oops', mode: '' },
      true,
    )
    expect(reading.ok).toBe(false)
    expect(!reading.ok && reading.errors.map((e) => e.path)).toEqual(['limit', 'tags[0]', 'options.depth', 'extra'])
  })

  it('leaves out an optional object nothing was typed into, and checks one that was filled in', () => {
    const options = spec.properties?.find((p) => p.name === 'options')?.spec as FieldSpec
    expect(readDraft(options, { depth: '' }, false)).toEqual({ ok: true })
    expect(readDraft(options, { depth: '' }, true).ok).toBe(false)
  })

  it('asks for a choice when a required enum is unset', () => {
    const required: FieldSpec = { kind: 'enum', options: ['a'] }
    expect(readDraft(required, '', true)).toEqual({ ok: false, errors: [{ path: '', message: 'Choose one.' }] })
    expect(readDraft(required, '0', true)).toEqual({ ok: true, value: 'a' })
  })
})

describe('setDraftAt', () => {
  it('replaces a nested value without changing the original', () => {
    const draft = { a: ['x', 'y'], b: { c: '1' } }
    expect(setDraftAt(draft, ['a', 1], 'z')).toEqual({ a: ['x', 'z'], b: { c: '1' } })
    expect(setDraftAt(draft, ['b', 'c'], '2')).toEqual({ a: ['x', 'y'], b: { c: '2' } })
    expect(draft).toEqual({ a: ['x', 'y'], b: { c: '1' } })
  })

  it('removes a list item when given nothing, and appends past the end', () => {
    expect(setDraftAt({ a: ['x', 'y'] }, ['a', 0], undefined)).toEqual({ a: ['y'] })
    expect(setDraftAt({ a: ['x'] }, ['a', 1], '')).toEqual({ a: ['x', ''] })
  })
})
