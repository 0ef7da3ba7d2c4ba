import { describe, expect, it } from 'vitest'
import { declaredTypes, impliedTypes, keywordType, typeOfValue } from './schema-types.js'

describe('schema types', () => {
  it('reads type strings and lists, ignoring unknown names', () => {
    expect(declaredTypes({ type: 'string' })).toEqual(['string'])
    expect(declaredTypes({ type: ['string', 'null', 'bogus'] })).toEqual(['string', 'null'])
    expect(declaredTypes({})).toEqual([])
  })

  it('infers types from enum values and from type-specific keywords', () => {
    expect(impliedTypes({ enum: ['a', null] })).toEqual(['string', 'null'])
    expect(impliedTypes({ enum: [1, 2.5] })).toEqual(['number'])
    expect(impliedTypes({ const: 3 })).toEqual(['integer'])
    expect(impliedTypes({ properties: {} })).toEqual(['object'])
    expect(impliedTypes({ items: {}, minItems: 1 })).toEqual(['array'])
    expect(impliedTypes({ description: 'x' })).toEqual([])
  })

  it('knows which keywords are type-specific', () => {
    expect(keywordType('maxLength')).toBe('string')
    expect(keywordType('exclusiveMinimum')).toBe('number')
    expect(keywordType('description')).toBeUndefined()
    expect(keywordType('constructor')).toBeUndefined()
    expect(typeOfValue({})).toBe('object')
    expect(typeOfValue(true)).toBe('boolean')
  })
})
