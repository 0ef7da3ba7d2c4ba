import { describe, expect, it } from 'vitest'
import { offsetOfLine } from './line-editor.js'

describe('offsetOfLine', () => {
  const text = 'one\ntwo\nthree'
  it('finds the start of a line, and a column within it', () => {
    expect(offsetOfLine(text, 1)).toBe(0)
    expect(offsetOfLine(text, 2)).toBe(4)
    expect(offsetOfLine(text, 3, 3)).toBe(10)
  })

  it('stays inside the line and the text', () => {
    expect(offsetOfLine(text, 2, 99)).toBe(7)
    expect(offsetOfLine(text, 9)).toBe(text.length)
    expect(offsetOfLine(text, 1, 0)).toBe(0)
  })
})
