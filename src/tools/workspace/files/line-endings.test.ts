import { describe, expect, it } from 'vitest'
import { adoptLineEnding, countLines, dominantLineEnding, toLf, withLineEnding } from './line-endings.js'

describe('line endings', () => {
  it('finds the dominant ending', () => {
    expect(dominantLineEnding('')).toBe('\n')
    expect(dominantLineEnding('one line')).toBe('\n')
    expect(dominantLineEnding('a\r\nb\r\n')).toBe('\r\n')
    expect(dominantLineEnding('a\r\nb\nc\n')).toBe('\n')
    expect(dominantLineEnding('a\r\nb\n')).toBe('\r\n')
    expect(dominantLineEnding('\n')).toBe('\n')
  })

  it('converts between LF and CRLF, leaving lone CRs alone', () => {
    expect(toLf('a\r\nb\rc\n')).toBe('a\nb\rc\n')
    expect(withLineEnding('a\nb\n', '\r\n')).toBe('a\r\nb\r\n')
    expect(withLineEnding('a\nb\n', '\n')).toBe('a\nb\n')
    expect(adoptLineEnding('a\nb', '\r\n')).toBe('a\r\nb')
    expect(adoptLineEnding('a\r\nb\n', '\r\n')).toBe('a\r\nb\n')
    expect(adoptLineEnding('a\nb', '\n')).toBe('a\nb')
  })

  it('counts lines, a final line break ending the last one', () => {
    expect(countLines('')).toBe(0)
    expect(countLines('a')).toBe(1)
    expect(countLines('a\n')).toBe(1)
    expect(countLines('a\nb')).toBe(2)
    expect(countLines('\n\n')).toBe(2)
    expect(countLines('a\r\nb\r\n')).toBe(2)
  })
})
