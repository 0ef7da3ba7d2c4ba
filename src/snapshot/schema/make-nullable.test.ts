import { describe, expect, it } from 'vitest'
import { makeNullable } from './make-nullable.js'

describe('makeNullable', () => {
  it('widens each form to allow null', () => {
    expect(makeNullable({ type: 'string' })).toEqual({ type: ['string', 'null'] })
    expect(makeNullable({ type: ['string', 'number'] })).toEqual({ type: ['string', 'number', 'null'] })
    expect(makeNullable({ type: 'string', const: 'x' })).toEqual({ type: ['string', 'null'], enum: ['x', null] })
    expect(makeNullable({ description: 'd', not: {} })).toEqual({
      anyOf: [{ not: {} }, { type: 'null' }],
      description: 'd',
    })
  })

  it('returns a schema that already allows null unchanged', () => {
    const schema = { type: ['string', 'null'] }
    expect(makeNullable(schema)).toBe(schema)
    const enumSchema = { type: ['string', 'null'], enum: ['a'] }
    expect(makeNullable(enumSchema)).toEqual({ type: ['string', 'null'], enum: ['a', null] })
  })
})
