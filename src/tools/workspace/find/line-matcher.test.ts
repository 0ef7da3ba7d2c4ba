import { describe, expect, it } from 'vitest'
import { compileMatcher, forEachMatchingLine, type MatchingLine } from './line-matcher.js'

function matching(text: string, pattern: string, caseInsensitive = false): string[] {
  const found: MatchingLine[] = []
  forEachMatchingLine(text, compileMatcher(pattern, caseInsensitive), (line) => (found.push(line), true))
  return found.map(
    (line) => `${text.slice(line.lineStart, line.lineEnd)}|${text.slice(line.matchStart, line.matchEnd)}`,
  )
}

describe('line matching', () => {
  it('finds each matching line once, with the first match in it', () => {
    expect(matching('a1 a2\nb\na3\n', 'a\\d')).toEqual(['a1 a2|a1', 'a3|a3'])
  })

  it('never lets a match span a line break', () => {
    expect(matching('foo\nbar\n', 'foo\\s+bar')).toEqual([])
    expect(matching('x \ny\n', '\\s$')).toEqual(['x | '])
    expect(matching('ab\ncd\n', '[^x]+')).toEqual(['ab|ab', 'cd|cd'])
  })

  it('anchors ^ and $ at line ends, \\r\\n included', () => {
    expect(matching('one\r\ntwo\r\n', '^t.*o$')).toEqual(['two|two'])
    expect(matching('one\r\ntwo', 'o$')).toEqual(['two|o'])
  })

  it('does not invent a line after the last line break, or in an empty text', () => {
    expect(matching('a\nb\n', '^')).toEqual(['a|', 'b|'])
    expect(matching('', '^')).toEqual([])
    expect(matching('\n\n', '^$')).toEqual(['|', '|'])
  })

  it('supports case-insensitive and Unicode patterns, and falls back for non-Unicode syntax', () => {
    expect(matching('Straße\n', 'STRASSE|straße', true)).toEqual(['Straße|Straße'])
    expect(matching('naïve\n', '\\p{L}+')).toEqual(['naïve|naïve'])
    expect(matching('a{b\n', 'a{')).toEqual(['a{b|a{'])
    expect(compileMatcher('a\\-b', false).scan.flags).not.toContain('u')
  })

  it('rejects invalid patterns with search.invalid_pattern', () => {
    expect(() => compileMatcher('[unclosed', false)).toThrow(
      expect.objectContaining({ code: 'search.invalid_pattern' }),
    )
    expect(() => compileMatcher('a)', false)).toThrow(/not a valid regular expression: Unmatched '\)'/)
  })
})
