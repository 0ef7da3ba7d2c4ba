import { describe, expect, it } from 'vitest'
import { escapePointerToken, joinPointer, parsePointer } from './json-pointer.js'

describe('json pointer', () => {
  it('escapes ~ and / in tokens', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c')
    expect(joinPointer('', 'properties', 'a/b', 0)).toBe('/properties/a~1b/0')
    expect(joinPointer('/x')).toBe('/x')
  })

  it('parses pointers, decoding ~1 before ~0', () => {
    expect(parsePointer('')).toEqual([])
    expect(parsePointer('/$defs/a~1b')).toEqual(['$defs', 'a/b'])
    expect(parsePointer('/~01')).toEqual(['~1'])
    expect(parsePointer('/')).toEqual([''])
    expect(parsePointer('name')).toBeUndefined()
  })

  it('round-trips any token', () => {
    const tokens = ['a', '~', '/', '~1', '', 'x/y~z']
    expect(parsePointer(joinPointer('', ...tokens))).toEqual(tokens)
  })
})
