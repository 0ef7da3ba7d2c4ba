import { describe, expect, it } from 'vitest'
import { anyCaseLiteral, requiredLiteral } from './required-literal.js'

describe('requiredLiteral', () => {
  it('takes the longest literal run every match must contain', () => {
    expect(requiredLiteral('needle')).toBe('needle')
    expect(requiredLiteral('foo\\(.*\\)barbaz')).toBe(')barbaz')
    expect(requiredLiteral('import .* from')).toBe('import ')
    expect(requiredLiteral('\\bdefineTool\\b')).toBe('defineTool')
    expect(requiredLiteral('^export function \\w+')).toBe('export function ')
  })

  it('drops characters a quantifier makes optional and ends runs at +', () => {
    expect(requiredLiteral('colou?r')).toBe('colo')
    expect(requiredLiteral('abcd*ef')).toBe('abc')
    expect(requiredLiteral('ab{2}cdef')).toBe('cdef')
    expect(requiredLiteral('xyz+abc')).toBe('xyz')
  })

  it('looks past groups and classes without taking anything from them', () => {
    expect(requiredLiteral('(?:abc)?defg')).toBe('defg')
    expect(requiredLiteral('[abc]+hello[)]')).toBe('hello')
    expect(requiredLiteral('(?<=x)value')).toBe('value')
  })

  it('gives nothing for alternation, short runs and escapes it cannot read', () => {
    expect(requiredLiteral('foo|barbaz')).toBeUndefined()
    expect(requiredLiteral('ab.cd')).toBeUndefined()
    expect(requiredLiteral('\\u0041bcdef')).toBeUndefined()
    expect(requiredLiteral('abc\\1defgh')).toBe('abc')
    expect(requiredLiteral('café au lait')).toBe(' au lait')
  })
})

describe('anyCaseLiteral', () => {
  it('finds the literal in any letter case in UTF-8 bytes read as Latin-1', () => {
    const found = (literal: string, text: string) => anyCaseLiteral(literal).test(Buffer.from(text).toString('latin1'))
    expect(found('Needle_7f', 'a NEEDLE_7F b')).toBe(true)
    expect(found('needle', 'neeble')).toBe(false)
    expect(found('a.b(c)', 'A.B(C)')).toBe(true)
    expect(found('a.b', 'axb')).toBe(false)
    // Unicode case folding matches the Kelvin sign to k and the long s to s.
    expect(found('kiss', '\u212aiss')).toBe(true)
    expect(found('kiss', 'ki\u017fs')).toBe(true)
    expect(new RegExp('kiss', 'iu').test('\u212ai\u017fs')).toBe(true)
  })
})
