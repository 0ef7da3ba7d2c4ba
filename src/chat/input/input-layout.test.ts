import { describe, expect, it } from 'vitest'
import { editKey, editorWithText } from './editor-state.js'
import type { EditorState } from './editor-state.js'
import { inputLayout } from './input-layout.js'
import type { InputLayout } from './input-layout.js'

const at = (lines: string[], row: number, column: number): EditorState => ({ lines, row, column })

/** Rows as strings, the cursor's cell in brackets. */
const show = (layout: InputLayout): string[] =>
  layout.rows.map(
    (row) =>
      (row.lead === 'first' ? '>' : '.') +
      row.segments.map((segment) => (segment.cursor ? `[${segment.text}]` : segment.text)).join(''),
  )

describe('inputLayout', () => {
  it('draws the cursor over its character, or as a space at the end of the line', () => {
    expect(show(inputLayout(at(['abc'], 0, 1), { width: 10, cursor: 'inverse' }))).toEqual(['>a[b]c'])
    expect(show(inputLayout(at(['abc'], 0, 3), { width: 10, cursor: 'inverse' }))).toEqual(['>abc[ ]'])
    expect(inputLayout(at(['abc'], 0, 3), { width: 10, cursor: 'inverse' }).totalLines).toBeUndefined()
  })

  it('draws the cursor as a bar between characters, or not at all', () => {
    expect(show(inputLayout(at(['abc'], 0, 1), { width: 10, cursor: 'bar' }))).toEqual(['>a[▏]bc'])
    expect(show(inputLayout(at(['abc'], 0, 3), { width: 10, cursor: 'bar' }))).toEqual(['>abc[▏]'])
    expect(show(inputLayout(at(['abc'], 0, 1), { width: 10, cursor: 'none' }))).toEqual(['>abc'])
  })

  it('gives the prompt to the first line only and draws empty lines', () => {
    expect(show(inputLayout(at(['a', '', 'b'], 1, 0), { width: 10, cursor: 'inverse' }))).toEqual(['>a', '.[ ]', '.b'])
  })

  it('wraps long lines by display width, CJK and emoji taking two columns', () => {
    expect(show(inputLayout(at(['abcdefg'], 0, 0), { width: 3, cursor: 'none' }))).toEqual(['>abc', '.def', '.g'])
    expect(show(inputLayout(at(['漢字テスト'], 0, 0), { width: 5, cursor: 'none' }))).toEqual(['>漢字', '.テス', '.ト'])
    expect(show(inputLayout(at(['a😀😀'], 0, 0), { width: 4, cursor: 'none' }))).toEqual(['>a😀', '.😀'])
    // The cursor after a full row takes a row of its own.
    expect(show(inputLayout(at(['abc'], 0, 3), { width: 3, cursor: 'inverse' }))).toEqual(['>abc', '.[ ]'])
  })

  it('draws a tab as spaces', () => {
    expect(show(inputLayout(at(['\tx'], 0, 0), { width: 10, cursor: 'inverse' }))).toEqual(['>[    ]x'])
  })

  it('shows the last rows of 100,000 lines and counts them', () => {
    const text = Array.from({ length: 100_000 }, (_, index) => `line ${index}`).join('\n')
    const layout = inputLayout(editorWithText(text), { width: 80, cursor: 'inverse', maxRows: 10 })
    expect(layout.totalLines).toBe(100_000)
    expect(show(layout)).toEqual([
      ...Array.from({ length: 9 }, (_, index) => `.line ${99_990 + index}`),
      '.line 99999[ ]',
    ])
  })

  it('follows the cursor up through a long buffer', () => {
    const state = at(
      Array.from({ length: 30 }, (_, index) => `l${index}`),
      5,
      0,
    )
    const layout = inputLayout(state, { width: 80, cursor: 'inverse', maxRows: 3 })
    expect(show(layout)).toEqual(['.[l]5', '.l6', '.l7'])
    expect(show(inputLayout({ ...state, row: 0 }, { width: 80, cursor: 'inverse', maxRows: 3 }))).toEqual([
      '>[l]0',
      '.l1',
      '.l2',
    ])
  })

  it('keeps the cursor row in view when one line wraps past the row limit', () => {
    const state = at(['0123456789abcdefghij'], 0, 20)
    expect(show(inputLayout(state, { width: 5, cursor: 'inverse', maxRows: 2 }))).toEqual(['.efghi', '.j[ ]'])
    const middle = inputLayout({ ...state, column: 2 }, { width: 5, cursor: 'inverse', maxRows: 2 })
    expect(show(middle)).toEqual(['>01[2]34', '.56789'])
    expect(middle.totalLines).toBe(1)
  })

  it('draws only a window of a 1 MB line', () => {
    const line = 'x'.repeat(1_000_000)
    const end = inputLayout(at([line, 'tail'], 0, 1_000_000), { width: 10, cursor: 'inverse', maxRows: 3 })
    expect(end.totalLines).toBe(2)
    expect(show(end)).toEqual(['.' + 'x'.repeat(10), '.x[ ]', '.tail'])
    const above = inputLayout(at([line, 'tail'], 1, 4), { width: 10, cursor: 'inverse', maxRows: 10 })
    expect(show(above).at(-1)).toBe('.tail[ ]')
    expect(show(above).length).toBeLessThanOrEqual(10)
  })

  it('lays out a buffer after a huge paste at the cursor', () => {
    const state = editKey(editorWithText('start '), { kind: 'insert', text: 'y'.repeat(300) })
    const layout = inputLayout(state, { width: 20, cursor: 'bar', maxRows: 4 })
    expect(layout.rows).toHaveLength(4)
    expect(show(layout).at(-1)?.endsWith('[▏]')).toBe(true)
  })
})
