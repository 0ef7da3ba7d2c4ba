import { describe, expect, it } from 'vitest'
import { previewOf, WRAP_WIDTH, wrapLongLines } from './wrap-lines.js'

const wrap = (text: string, width?: number): string => wrapLongLines(text, width).pieces.join('')
const emoji = '😀' // one character, two UTF-16 code units

describe('wrapLongLines', () => {
  it('leaves lines of at most the width alone and keeps existing breaks', () => {
    const text = `${'a'.repeat(WRAP_WIDTH)}\n\nshort\r\n${'b'.repeat(10)}\n`
    expect(wrap(text)).toBe(text)
    expect(wrapLongLines(text)).toMatchObject({ lineCount: 4, insertedBreaks: 0 })
  })

  it('breaks a longer line after every 3,000 code units, never at its end', () => {
    const long = 'x'.repeat(7000)
    const lines = wrap(`head\n${long}\ntail`).split('\n')
    expect(lines.map((line) => line.length)).toEqual([4, 3000, 3000, 1000, 4])
    expect(
      wrap('y'.repeat(3001))
        .split('\n')
        .map((line) => line.length),
    ).toEqual([3000, 1])
    expect(
      wrap('z'.repeat(6000))
        .split('\n')
        .map((line) => line.length),
    ).toEqual([3000, 3000])
    expect(wrapLongLines(`head\n${long}\ntail`)).toMatchObject({ lineCount: 5, insertedBreaks: 2 })
  })

  it('counts a carriage return as part of the line', () => {
    expect(wrap(`${'c'.repeat(3000)}\r\n`)).toBe(`${'c'.repeat(3000)}\n\r\n`)
  })

  it('does not split a surrogate pair', () => {
    const text = 'a'.repeat(2999) + emoji + 'b'.repeat(3000)
    const lines = wrap(text).split('\n')
    expect(lines.map((line) => line.length)).toEqual([2999, 3000, 2])
    expect(lines[1]?.startsWith(emoji)).toBe(true)
    expect(lines.join('')).toBe(text)
    // a line made only of pairs: every piece moves back by one where needed and stays whole
    const pairs = emoji.repeat(4000)
    const pieces = wrap(pairs).split('\n')
    expect(pieces.every((piece) => piece.length <= WRAP_WIDTH && piece.length % 2 === 0)).toBe(true)
    expect(pieces.join('')).toBe(pairs)
  })

  it('counts lines without an extra one for a final break', () => {
    expect(wrapLongLines('').lineCount).toBe(0)
    expect(wrapLongLines('one').lineCount).toBe(1)
    expect(wrapLongLines('one\n').lineCount).toBe(1)
    expect(wrapLongLines('one\n\n').lineCount).toBe(2)
    expect(wrapLongLines('\n').lineCount).toBe(1)
  })

  it('keeps a break after a piece of exactly the width when the line goes on', () => {
    expect(wrap('abcdef', 3)).toBe('abc\ndef')
    expect(wrap('abcdefg', 3)).toBe('abc\ndef\ng')
    expect(() => wrapLongLines('x', 1)).toThrow(RangeError)
  })
})

describe('previewOf', () => {
  it('cuts at the length, one earlier inside a surrogate pair', () => {
    expect(previewOf('abcdef', 3)).toBe('abc')
    expect(previewOf('ab', 3)).toBe('ab')
    expect(previewOf(`ab${emoji}c`, 3)).toBe('ab')
    expect(previewOf(`ab${emoji}c`, 4)).toBe(`ab${emoji}`)
  })
})
