import { describe, expect, it } from 'vitest'
import { describeSchema } from './schema-spec.js'

describe('describeSchema', () => {
  it('reads an object of scalars with its required properties in order', () => {
    const spec = describeSchema({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where' },
        limit: { type: 'integer', minimum: 1 },
        ratio: { type: 'number' },
        force: { type: 'boolean', default: false },
      },
      required: ['path'],
    })
    expect(spec).toEqual({
      kind: 'object',
      properties: [
        { name: 'path', required: true, spec: { kind: 'string', description: 'Where' } },
        { name: 'limit', required: false, spec: { kind: 'integer', minimum: 1 } },
        { name: 'ratio', required: false, spec: { kind: 'number' } },
        { name: 'force', required: false, spec: { kind: 'boolean', default: false } },
      ],
    })
  })

  it('draws enums, constants and unions of constants as choices', () => {
    expect(describeSchema({ type: 'string', enum: ['a', 'b'] })).toEqual({ kind: 'enum', options: ['a', 'b'] })
    expect(describeSchema({ const: 'only' })).toEqual({ kind: 'enum', options: ['only'] })
    expect(describeSchema({ anyOf: [{ const: 1 }, { const: 2 }] })).toEqual({ kind: 'enum', options: [1, 2] })
  })

  it('takes a nullable type as its other type', () => {
    expect(describeSchema({ type: ['string', 'null'] }).kind).toBe('string')
    expect(describeSchema({ anyOf: [{ type: 'integer' }, { type: 'null' }] }).kind).toBe('integer')
  })

  it('lists scalars and objects, and falls back to JSON for lists of lists, real unions and unknown shapes', () => {
    expect(describeSchema({ type: 'array', items: { type: 'string' } })).toEqual({
      kind: 'array',
      items: { kind: 'string' },
    })
    expect(describeSchema({ type: 'array', items: { type: 'object', properties: {} } })).toEqual({
      kind: 'array',
      items: { kind: 'object', properties: [] },
    })
    expect(describeSchema({ type: 'array', items: { type: 'array', items: { type: 'string' } } }).kind).toBe('json')
    expect(describeSchema({ anyOf: [{ type: 'string' }, { type: 'number' }] }).kind).toBe('json')
    expect(describeSchema({ $ref: '#/$defs/x' }).kind).toBe('json')
    expect(describeSchema(true).kind).toBe('json')
    expect(describeSchema({ type: 'object' }).kind).toBe('json')
  })

  it('nests objects', () => {
    const spec = describeSchema({
      type: 'object',
      properties: { options: { type: 'object', properties: { depth: { type: 'integer' } }, required: ['depth'] } },
    })
    expect(spec.properties?.[0]?.spec).toEqual({
      kind: 'object',
      properties: [{ name: 'depth', required: true, spec: { kind: 'integer' } }],
    })
  })
})
