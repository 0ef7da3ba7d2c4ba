import { describe, expect, it } from 'vitest'
import { closestLines, findAnchor, findContext, normalizePunctuation } from './find-context.js'

const file = ['function a() {', '  return 1', '}', '', 'function b() {', '  return 1', '}']

describe('findContext', () => {
  it('finds lines exactly, searching forward from a position', () => {
    expect(findContext(file, ['function b() {', '  return 1'], { from: 0 })).toEqual({
      kind: 'found',
      index: 4,
      level: 'exact',
    })
    expect(findContext(file, ['  return 1', '}'], { from: 3 })).toEqual({ kind: 'found', index: 5, level: 'exact' })
    expect(findContext(file, ['function a() {'], { from: 1 })).toEqual({ kind: 'missing' })
  })

  it('reports several places at the same level as ambiguous, unless the first is wanted', () => {
    expect(findContext(file, ['  return 1', '}'], { from: 0 })).toEqual({
      kind: 'ambiguous',
      indices: [1, 5],
      count: 2,
      level: 'exact',
    })
    expect(findContext(file, ['  return 1', '}'], { from: 0, first: true })).toEqual({
      kind: 'found',
      index: 1,
      level: 'exact',
    })
  })

  it('prefers a stricter level: one exact match wins over looser ones elsewhere', () => {
    const lines = ['x = 1   ', 'x = 1']
    expect(findContext(lines, ['x = 1'], { from: 0 })).toEqual({ kind: 'found', index: 1, level: 'exact' })
  })

  it('falls back to ignoring trailing, then surrounding whitespace', () => {
    expect(findContext(['a  ', 'b\t'], ['a', 'b'], { from: 0 })).toEqual({
      kind: 'found',
      index: 0,
      level: 'trailing-whitespace',
    })
    expect(findContext(['    a', '\tb  '], ['a', '  b'], { from: 0 })).toEqual({
      kind: 'found',
      index: 0,
      level: 'whitespace',
    })
  })

  it('falls back to reading typographic punctuation as ASCII', () => {
    const lines = ['say(\u201Chello\u201D) \u2014 it\u2019s\u00A0fine\u2026']
    expect(findContext(lines, ['say("hello") - it\'s fine...'], { from: 0 })).toEqual({
      kind: 'found',
      index: 0,
      level: 'punctuation',
    })
    // Composed and decomposed accents are the same text.
    expect(findContext(['cafe\u0301'], ['caf\u00E9'], { from: 0 })).toEqual({
      kind: 'found',
      index: 0,
      level: 'punctuation',
    })
    expect(normalizePunctuation('\u2018a\u2019 \u201Eb\u201C \u2013 \u2212 \u200Bx')).toBe('\'a\' "b" - - x')
  })

  it('anchors lines at the end of the file with atEnd', () => {
    expect(findContext(file, ['}'], { from: 0, atEnd: true })).toEqual({ kind: 'found', index: 6, level: 'exact' })
    expect(findContext(file, ['  return 1'], { from: 0, atEnd: true })).toEqual({ kind: 'missing' })
    expect(findContext(file, ['}'], { from: 7, atEnd: true })).toEqual({ kind: 'missing' })
  })

  it('finds nothing for lines longer than the rest of the file', () => {
    expect(findContext(['a'], ['a', 'b'], { from: 0 })).toEqual({ kind: 'missing' })
    expect(findContext([], ['a'], { from: 0 })).toEqual({ kind: 'missing' })
  })
})

describe('findAnchor', () => {
  it('finds a whole line, then a unique line containing the anchor', () => {
    expect(findAnchor(file, 'function b() {', 0)).toEqual({ kind: 'found', index: 4, level: 'exact' })
    expect(findAnchor(file, 'function b', 0)).toEqual({ kind: 'found', index: 4, level: 'punctuation' })
    expect(findAnchor(file, 'function', 0)).toMatchObject({ kind: 'ambiguous', indices: [0, 4], count: 2 })
    expect(findAnchor(file, 'function', 1)).toEqual({ kind: 'found', index: 4, level: 'punctuation' })
    expect(findAnchor(file, 'class C', 0)).toEqual({ kind: 'missing' })
  })
})

describe('closestLines', () => {
  it('finds where most lines agree, ignoring blank lines', () => {
    expect(closestLines(file, ['function b() {', '  return 2', '}'])).toBe(4)
    expect(closestLines(file, ['nothing', ''])).toBeUndefined()
  })
})
