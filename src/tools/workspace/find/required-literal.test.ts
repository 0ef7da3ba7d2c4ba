import { describe, expect, it } from 'vitest'
import { requiredLiteral } from './required-literal.js'

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
