import { describe, expect, it } from 'vitest'
import { characterCount, columnOf, splitLines, utf16Offset } from './positions.js'

describe('positions', () => {
  it('splits lines as LSP counts them', () => {
    expect(splitLines('a\r\nb\rc\nd')).toEqual(['a', 'b', 'c', 'd'])
  })

  it('converts character columns to UTF-16 offsets and back', () => {
    const line = "say('😀', x)"
    // `x` is the 10th character but sits at UTF-16 offset 10: the emoji (6th) takes two units.
    expect(characterCount(line)).toBe(11)
    expect(utf16Offset(line, 10)).toBe(10)
    expect(utf16Offset(line, 6)).toBe(5)
    expect(utf16Offset(line, 7)).toBe(7)
    expect(columnOf(line, 10)).toBe(10)
    expect(columnOf(line, 5)).toBe(6)
    // Inside the surrogate pair counts as the emoji itself.
    expect(columnOf(line, 6)).toBe(6)
    expect(columnOf(line, 7)).toBe(7)
    for (let column = 1; column <= characterCount(line) + 1; column++)
      expect(columnOf(line, utf16Offset(line, column))).toBe(column)
  })

  it('handles empty lines and offsets past the end', () => {
    expect(utf16Offset('', 1)).toBe(0)
    expect(columnOf('', 0)).toBe(1)
    expect(columnOf('ab', 5)).toBe(6)
  })
})
