import { describe, expect, it } from 'vitest'
import { ensureObjectRoot } from './ensure-object-root.js'

describe('ensureObjectRoot', () => {
  it('adds type and properties when missing, without a note', () => {
    expect(ensureObjectRoot({})).toEqual({ schema: { type: 'object', properties: {} }, dropped: [] })
    expect(ensureObjectRoot({ properties: { a: { type: 'string' } }, required: ['a'] })).toEqual({
      schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      dropped: [],
    })
    expect(ensureObjectRoot({ type: 'object' }).schema).toEqual({ type: 'object', properties: {} })
  })

  it('replaces a non-object root by an empty object and reports it', () => {
    const result = ensureObjectRoot({ type: 'string', description: 'a path', minLength: 1 })
    expect(result.schema).toEqual({ type: 'object', properties: {}, description: 'a path' })
    expect(result.dropped).toEqual([{ path: '/type', keyword: 'type', reason: expect.stringContaining('"string"') }])
  })

  it('narrows a type list to object', () => {
    const result = ensureObjectRoot({ type: ['object', 'null'], properties: {} })
    expect(result.schema).toEqual({ type: 'object', properties: {} })
    expect(result.dropped.map((drop) => drop.keyword)).toEqual(['type'])
  })

  it('merges a root union of objects: all properties, required only where every branch agrees', () => {
    const result = ensureObjectRoot({
      description: 'An action',
      oneOf: [
        {
          type: 'object',
          properties: { kind: { const: 'move' }, to: { type: 'string' } },
          required: ['kind', 'to'],
          additionalProperties: false,
        },
        { type: 'object', properties: { kind: { const: 'stop' } }, required: ['kind'], additionalProperties: false },
      ],
    })
    expect(result.schema).toEqual({
      type: 'object',
      properties: { kind: { type: 'string', enum: ['move', 'stop'] }, to: { type: 'string' } },
      description: 'An action',
      required: ['kind'],
      additionalProperties: false,
    })
    expect(result.dropped.map((drop) => drop.path)).toEqual(['/oneOf'])
  })

  it('keeps differing property schemas of the branches as an anyOf', () => {
    const result = ensureObjectRoot({
      anyOf: [
        { type: 'object', properties: { id: { type: 'string' } } },
        { type: 'object', properties: { id: { type: 'integer' } } },
      ],
    })
    expect(result.schema.properties).toEqual({ id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })
  })

  it('removes a root union that is not all objects', () => {
    const result = ensureObjectRoot({ anyOf: [{ type: 'object' }, { type: 'string' }] })
    expect(result.schema).toEqual({ type: 'object', properties: {} })
    expect(result.dropped[0]?.reason).toContain('not all objects')
  })

  it('merges a root allOf and drops not/enum/const', () => {
    const result = ensureObjectRoot({
      allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } } }],
      not: { required: ['c'] },
    })
    expect(result.schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
    })
    expect(result.dropped.map((drop) => drop.keyword)).toEqual(['allOf', 'not'])
  })

  it('does not change its input', () => {
    const schema = { oneOf: [{ type: 'object', properties: { a: {} } }] }
    const copy = structuredClone(schema)
    ensureObjectRoot(schema)
    expect(schema).toEqual(copy)
  })
})
