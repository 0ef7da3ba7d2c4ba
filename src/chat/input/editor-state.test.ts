import { describe, expect, it } from 'vitest'
import { editKey, editorText, editorWithText, emptyEditor, submitOrContinue } from './editor-state.js'
import type { EditorKey, EditorState } from './editor-state.js'

const at = (lines: string[], row: number, column: number): EditorState => ({ lines, row, column })
const keys = (state: EditorState, ...list: EditorKey[]): EditorState => list.reduce(editKey, state)
const type = (text: string): EditorKey => ({ kind: 'insert', text })

describe('editKey', () => {
  it('types, inserts in the middle and keeps the cursor after the inserted text', () => {
    const state = keys(emptyEditor(), type('hlo'), { kind: 'left' }, { kind: 'left' }, type('el'))
    expect(state).toEqual(at(['hello'], 0, 3))
  })

  it('splits pasted text into lines, normalizing CRLF and CR, keeping tabs', () => {
    const state = editKey(at(['ab'], 0, 1), type('1\r\n2\r3\t\n4'))
    expect(state).toEqual(at(['a1', '2', '3\t', '4b'], 3, 1))
  })

  it('drops control characters other than tab and newline', () => {
    expect(editKey(emptyEditor(), type('a\u001b[31mb\u0007\u007f'))).toEqual(at(['a[31mb'], 0, 6))
    const state = emptyEditor()
    expect(editKey(state, type('\u0000'))).toBe(state)
  })

  it('breaks a line at the cursor on newline', () => {
    expect(editKey(at(['abc'], 0, 1), { kind: 'newline' })).toEqual(at(['a', 'bc'], 1, 0))
    expect(editKey(at(['abc'], 0, 3), { kind: 'newline' })).toEqual(at(['abc', ''], 1, 0))
  })

  it('backspace deletes before the cursor, joins lines at a line start and does nothing at the very start', () => {
    expect(editKey(at(['abc'], 0, 2), { kind: 'backspace' })).toEqual(at(['ac'], 0, 1))
    expect(editKey(at(['ab', 'cd'], 1, 0), { kind: 'backspace' })).toEqual(at(['abcd'], 0, 2))
    const start = at(['ab'], 0, 0)
    expect(editKey(start, { kind: 'backspace' })).toBe(start)
  })

  it('delete removes under the cursor, joins with the next line at a line end and does nothing at the very end', () => {
    expect(editKey(at(['abc'], 0, 1), { kind: 'delete' })).toEqual(at(['ac'], 0, 1))
    expect(editKey(at(['ab', 'cd'], 0, 2), { kind: 'delete' })).toEqual(at(['abcd'], 0, 2))
    const end = at(['ab'], 0, 2)
    expect(editKey(end, { kind: 'delete' })).toBe(end)
  })

  it('left and right cross line ends and stop at the buffer edges', () => {
    expect(editKey(at(['ab', 'cd'], 1, 0), { kind: 'left' })).toEqual(at(['ab', 'cd'], 0, 2))
    expect(editKey(at(['ab', 'cd'], 0, 2), { kind: 'right' })).toEqual(at(['ab', 'cd'], 1, 0))
    const start = at(['ab', 'cd'], 0, 0)
    const end = at(['ab', 'cd'], 1, 2)
    expect(editKey(start, { kind: 'left' })).toBe(start)
    expect(editKey(end, { kind: 'right' })).toBe(end)
  })

  it('up and down keep the column within the target line and stop on the first and last lines', () => {
    const lines = ['long line', 'ab', 'longer line']
    expect(editKey(at(lines, 0, 7), { kind: 'down' })).toEqual(at(lines, 1, 2))
    expect(editKey(at(lines, 2, 9), { kind: 'up' })).toEqual(at(lines, 1, 2))
    expect(editKey(at(lines, 1, 1), { kind: 'up' })).toEqual(at(lines, 0, 1))
    const first = at(lines, 0, 3)
    const last = at(lines, 2, 3)
    expect(editKey(first, { kind: 'up' })).toBe(first)
    expect(editKey(last, { kind: 'down' })).toBe(last)
  })

  it('home and end go to the line edges', () => {
    expect(editKey(at(['a', 'bcd'], 1, 1), { kind: 'home' })).toEqual(at(['a', 'bcd'], 1, 0))
    expect(editKey(at(['a', 'bcd'], 1, 1), { kind: 'end' })).toEqual(at(['a', 'bcd'], 1, 3))
    const home = at(['abc'], 0, 0)
    expect(editKey(home, { kind: 'home' })).toBe(home)
  })

  it('moves by words over punctuation and spaces, crossing lines at their edges', () => {
    const lines = ['foo.bar  baz_1', 'x']
    expect(editKey(at(lines, 0, 14), { kind: 'wordLeft' })).toEqual(at(lines, 0, 9))
    expect(editKey(at(lines, 0, 9), { kind: 'wordLeft' })).toEqual(at(lines, 0, 4))
    expect(editKey(at(lines, 0, 4), { kind: 'wordLeft' })).toEqual(at(lines, 0, 0))
    expect(editKey(at(lines, 0, 0), { kind: 'wordRight' })).toEqual(at(lines, 0, 3))
    expect(editKey(at(lines, 0, 3), { kind: 'wordRight' })).toEqual(at(lines, 0, 7))
    expect(editKey(at(lines, 0, 14), { kind: 'wordRight' })).toEqual(at(lines, 1, 0))
    expect(editKey(at(lines, 1, 0), { kind: 'wordLeft' })).toEqual(at(lines, 0, 14))
    const start = at(lines, 0, 0)
    const end = at(lines, 1, 1)
    expect(editKey(start, { kind: 'wordLeft' })).toBe(start)
    expect(editKey(end, { kind: 'wordRight' })).toBe(end)
  })

  it('deleteWordBefore deletes back to whitespace and joins lines at a line start', () => {
    expect(editKey(at(['git add src/a.ts  '], 0, 18), { kind: 'deleteWordBefore' })).toEqual(at(['git add '], 0, 8))
    expect(editKey(at(['ab cd'], 0, 4), { kind: 'deleteWordBefore' })).toEqual(at(['ab d'], 0, 3))
    expect(editKey(at(['ab', 'cd'], 1, 0), { kind: 'deleteWordBefore' })).toEqual(at(['abcd'], 0, 2))
    const start = at(['ab'], 0, 0)
    expect(editKey(start, { kind: 'deleteWordBefore' })).toBe(start)
  })

  it('killToEnd and killToStart cut the line and join at its edges', () => {
    expect(editKey(at(['abcd'], 0, 1), { kind: 'killToEnd' })).toEqual(at(['a'], 0, 1))
    expect(editKey(at(['ab', 'cd'], 0, 2), { kind: 'killToEnd' })).toEqual(at(['abcd'], 0, 2))
    expect(editKey(at(['abcd'], 0, 3), { kind: 'killToStart' })).toEqual(at(['d'], 0, 0))
    expect(editKey(at(['ab', 'cd'], 1, 0), { kind: 'killToStart' })).toEqual(at(['abcd'], 0, 2))
    const end = at(['ab'], 0, 2)
    const start = at(['ab'], 0, 0)
    expect(editKey(end, { kind: 'killToEnd' })).toBe(end)
    expect(editKey(start, { kind: 'killToStart' })).toBe(start)
  })

  it('counts emoji and CJK as one column each and never splits a surrogate pair', () => {
    let state = editKey(emptyEditor(), type('a😀漢b'))
    expect(state.column).toBe(4)
    state = keys(state, { kind: 'left' }, { kind: 'left' }, { kind: 'backspace' })
    expect(state).toEqual(at(['a漢b'], 0, 1))
    state = keys(editorWithText('😀😀'), { kind: 'left' }, { kind: 'delete' })
    expect(editorText(state)).toBe('😀')
    state = keys(editorWithText('👍🏽 ok'), { kind: 'home' }, { kind: 'right' }, type('x'))
    expect(editorText(state)).toBe('👍x🏽 ok')
    expect(editKey(at(['😀😀', '漢'], 0, 2), { kind: 'down' })).toEqual(at(['😀😀', '漢'], 1, 1))
    expect(editKey(at(['中文 字符'], 0, 5), { kind: 'wordLeft' })).toEqual(at(['中文 字符'], 0, 3))
  })

  it('inserts a 1 MB paste with many lines exactly', () => {
    const line = 'x'.repeat(99) + '😀'
    const text = Array.from({ length: 10_000 }, (_, index) => `${index}${line}`).join('\n')
    const state = editKey(at(['<>'], 0, 1), type(text))
    expect(state.lines).toHaveLength(10_000)
    expect(state.lines[0]).toBe(`<0${line}`)
    expect(state.lines[9999]).toBe(`9999${line}>`)
    expect(state.row).toBe(9999)
    expect(state.column).toBe(4 + 100)
    expect(editorText(state)).toBe(`<${text}>`)
  })

  it('inserts a 1 MB single-line paste exactly', () => {
    const text = 'ab😀'.repeat(262_144)
    const state = editKey(emptyEditor(), type(text))
    expect(state).toEqual(at([text], 0, 3 * 262_144))
    expect(editorText(editKey(state, { kind: 'backspace' }))).toBe(text.slice(0, -2))
  })
})

describe('editorWithText', () => {
  it('puts the cursor at the end of the text', () => {
    expect(editorWithText('a\nbc')).toEqual(at(['a', 'bc'], 1, 2))
    expect(editorWithText('')).toEqual(emptyEditor())
  })
})

describe('submitOrContinue', () => {
  it('submits the whole text, cursor anywhere', () => {
    expect(submitOrContinue(at(['a', 'b'], 0, 0))).toEqual({ kind: 'submit', text: 'a\nb' })
  })

  it('turns a trailing backslash at the cursor into a line break', () => {
    expect(submitOrContinue(editorWithText('one \\'))).toEqual({ kind: 'continue', state: at(['one ', ''], 1, 0) })
    expect(submitOrContinue(at(['a\\', 'b'], 0, 2))).toEqual({ kind: 'continue', state: at(['a', '', 'b'], 1, 0) })
  })

  it('submits when the backslash is not at the cursor', () => {
    expect(submitOrContinue(at(['a\\'], 0, 1))).toEqual({ kind: 'submit', text: 'a\\' })
    expect(submitOrContinue(at(['a\\b'], 0, 3))).toEqual({ kind: 'submit', text: 'a\\b' })
  })
})
