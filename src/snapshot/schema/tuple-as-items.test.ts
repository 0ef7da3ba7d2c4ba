import { describe, expect, it } from 'vitest'
import { isTupleKeyword, tupleAsItems } from './tuple-as-items.js'

describe('tupleAsItems', () => {
  it('unites the distinct positional schemas and the rest schema', () => {
    expect(
      tupleAsItems({ prefixItems: [{ type: 'string' }, { type: 'number' }, { type: 'string' }], items: false }),
    ).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    })
    expect(tupleAsItems({ prefixItems: [{ type: 'string' }], items: { type: 'boolean' } })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'boolean' }],
    })
    expect(tupleAsItems({ items: [{ type: 'string' }, { type: 'string' }], additionalItems: false })).toEqual({
      type: 'string',
    })
  })

  it('is undefined for a plain array', () => {
    expect(tupleAsItems({ items: { type: 'string' } })).toBeUndefined()
    expect(tupleAsItems({ prefixItems: [true] })).toBeUndefined()
  })

  it('names the tuple keywords', () => {
    expect(isTupleKeyword({ prefixItems: [] }, 'items')).toBe(true)
    expect(isTupleKeyword({ items: {} }, 'items')).toBe(false)
    expect(isTupleKeyword({ items: [] }, 'additionalItems')).toBe(true)
  })
})
