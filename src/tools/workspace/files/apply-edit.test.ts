import { describe, expect, it } from 'vitest'
import { applyEdit, EditFailure, type EditProblem } from './apply-edit.js'
import { carryRanges, renderSnippet } from './edit-snippet.js'
import { LineBreakTolerantPattern } from './find-matches.js'

const problemOf = (text: string, old_string: string, new_string = 'x'): EditProblem | undefined => {
  try {
    applyEdit(text, { old_string, new_string })
    return undefined
  } catch (error) {
    if (error instanceof EditFailure) return error.problem
    throw error
  }
}

describe('LineBreakTolerantPattern', () => {
  it('matches the model’s \\n against CRLF and LF, once per line break', () => {
    const pattern = new LineBreakTolerantPattern('\nb')
    expect(pattern.all('a\r\nb')).toEqual([{ start: 1, end: 4 }])
    expect(pattern.all('a\nb')).toEqual([{ start: 1, end: 3 }])
    expect(new LineBreakTolerantPattern('a.b').all('axb a.b')).toEqual([{ start: 4, end: 7 }])
    expect(new LineBreakTolerantPattern('(x)[y]{z}*+?^$|\\/-').all('(x)[y]{z}*+?^$|\\/-')).toHaveLength(1)
  })

  it('counts overlapping occurrences but replaces disjoint ones', () => {
    const pattern = new LineBreakTolerantPattern('aa')
    expect(pattern.all('aaaa')).toHaveLength(3)
    expect(pattern.disjoint('aaaa')).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ])
  })
})

describe('applyEdit', () => {
  it('replaces and reports the lines before and after', () => {
    const applied = applyEdit('a\nb\nc\n', { old_string: 'b\n', new_string: 'B1\nB2\n' })
    expect(applied.text).toBe('a\nB1\nB2\nc\n')
    expect(applied.replaced).toEqual([{ from: { first: 2, last: 2 }, to: { first: 2, last: 3 } }])
  })

  it('gives each replacement the line ending of the text it replaces', () => {
    expect(applyEdit('a\r\nb\nc', { old_string: 'a\nb', new_string: 'x\ny\nz' }).text).toBe('x\r\ny\r\nz\nc')
    expect(applyEdit('a\r\nb\nc', { old_string: 'b\nc', new_string: 'x\ny' }).text).toBe('a\r\nx\ny')
    // Without a line break in the match, the file's dominant ending is used.
    expect(applyEdit('a\r\nb\r\n', { old_string: 'b', new_string: 'b\nc' }).text).toBe('a\r\nb\r\nc\r\n')
  })

  it('reports problems', () => {
    expect(problemOf('abc', 'abc', 'abc')).toEqual({ kind: 'no_change' })
    expect(problemOf('a\r\nb', 'a\r\nb', 'a\nb')).toEqual({ kind: 'no_change' })
    expect(problemOf('abc', '')).toEqual({ kind: 'empty_old_string' })
    expect(problemOf('abc', 'abd')).toEqual({ kind: 'not_found' })
    expect(problemOf('x\nx\nx\n', 'x', 'y')).toEqual({ kind: 'not_unique', count: 3, lines: [1, 2, 3] })
    expect(problemOf('', '', 'new')).toBeUndefined()
  })

  it('replaces all occurrences with replace_all', () => {
    const applied = applyEdit('x\ny\nx\n', { old_string: 'x', new_string: 'z\nz', replace_all: true })
    expect(applied.text).toBe('z\nz\ny\nz\nz\n')
    expect(applied.replaced.map((r) => r.to)).toEqual([
      { first: 1, last: 2 },
      { first: 4, last: 5 },
    ])
  })
})

describe('edit snippets', () => {
  it('carries ranges through a later edit', () => {
    const replaced = [{ from: { first: 5, last: 5 }, to: { first: 5, last: 7 } }]
    expect(
      carryRanges(
        [
          { first: 2, last: 2 },
          { first: 9, last: 9 },
          { first: 5, last: 5 },
        ],
        replaced,
      ),
    ).toEqual([
      { first: 2, last: 2 },
      { first: 11, last: 11 },
      { first: 5, last: 7 },
    ])
  })

  it('renders numbered context around ranges, with … between distant ones and a bound', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `l${i + 1}`)
    const snippet = renderSnippet(lines, [
      { first: 1, last: 1 },
      { first: 50, last: 50 },
    ])
    expect(snippet.split('\n')).toEqual([
      '     1\tl1',
      '     2\tl2',
      '     3\tl3',
      '     4\tl4',
      '     …',
      '    47\tl47',
      '    48\tl48',
      '    49\tl49',
      '    50\tl50',
      '    51\tl51',
      '    52\tl52',
      '    53\tl53',
    ])
    const long = renderSnippet(lines, [{ first: 10, last: 90 }])
    expect(long.split('\n')).toHaveLength(41)
    expect(long.split('\n').at(-1)).toBe('     … (47 more lines not shown)')
  })
})
