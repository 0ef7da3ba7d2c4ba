import { describe, expect, it } from 'vitest'
import { mergeAllOf } from './merge-all-of.js'

describe('mergeAllOf', () => {
  it('unites properties and required, keeping the holder first', () => {
    const result = mergeAllOf([
      {
        description: 'both',
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'number' } }, required: ['b', 'a'] },
        ],
      },
    ])
    expect(result).toEqual({
      schema: {
        description: 'both',
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      conflicts: [],
    })
  })

  it('keeps a property named twice as an allOf for the caller', () => {
    const { schema } = mergeAllOf([{ properties: { a: { minLength: 1 } } }, { properties: { a: { maxLength: 3 } } }])
    expect(schema).toEqual({ properties: { a: { allOf: [{ minLength: 1 }, { maxLength: 3 }] } } })
  })

  it('intersects types and reports clashes', () => {
    expect(mergeAllOf([{ type: ['string', 'null'] }, { type: 'string' }]).schema).toEqual({ type: 'string' })
    expect(mergeAllOf([{ type: 'number' }, { type: 'integer' }]).schema).toEqual({ type: 'integer' })
    expect(
      mergeAllOf([
        { type: 'string', pattern: 'a' },
        { type: 'number', pattern: 'b' },
      ]),
    ).toEqual({
      schema: { type: 'string', pattern: 'a' },
      conflicts: ['type', 'pattern'],
    })
  })

  it('treats true as neutral and false as absorbing', () => {
    expect(mergeAllOf([true, { type: 'string' }]).schema).toEqual({ type: 'string' })
    expect(mergeAllOf([{ type: 'string' }, false]).schema).toBe(false)
  })
})
