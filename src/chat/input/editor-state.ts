/**
 * The chat's input buffer as a pure multi-line line editor: a state and the keys that change it.
 * Columns count code points, so the cursor never stands inside a surrogate pair.
 */

/** The text being typed, as lines, and the cursor in it. */
export interface EditorState {
  /** At least one line; no line holds a newline. */
  readonly lines: readonly string[]
  /** Index into `lines`. */
  readonly row: number
  /** Code points before the cursor in `lines[row]`, from 0 to the line's length in code points. */
  readonly column: number
}

/** An editing key, already told apart from the terminal's bytes. */
export type EditorKey =
  | { readonly kind: 'insert'; readonly text: string }
  | { readonly kind: 'newline' }
  | { readonly kind: 'backspace' }
  | { readonly kind: 'delete' }
  | { readonly kind: 'left' | 'right' | 'up' | 'down' | 'home' | 'end' | 'wordLeft' | 'wordRight' }
  | { readonly kind: 'deleteWordBefore' }
  | { readonly kind: 'killToEnd' }
  | { readonly kind: 'killToStart' }

/** What Enter does: send the text, or go on editing. */
export type EnterOutcome =
  { readonly kind: 'submit'; readonly text: string } | { readonly kind: 'continue'; readonly state: EditorState }

/**
 * An editor holding no text.
 *
 * @example
 * editorText(emptyEditor()) // ''
 */
export function emptyEditor(): EditorState {
  return { lines: [''], row: 0, column: 0 }
}

/**
 * An editor holding `text` with the cursor at its end (a recalled history entry).
 *
 * @example
 * editorWithText('a\nbc') // { lines: ['a', 'bc'], row: 1, column: 2 }
 */
export function editorWithText(text: string): EditorState {
  return editKey(emptyEditor(), { kind: 'insert', text })
}

/**
 * The whole text, lines joined by `\n`.
 *
 * @example
 * editorText({ lines: ['a', 'b'], row: 0, column: 0 }) // 'a\nb'
 */
export function editorText(state: EditorState): string {
  return state.lines.join('\n')
}

/**
 * Applies one key. A key that changes nothing (Left at the very start, Up on the first line, …)
 * returns `state` itself, so a caller can tell that the cursor stood at an edge.
 *
 * Inserted text may hold newlines (a paste): CRLF and CR become `\n` and split lines; tabs stay;
 * other control characters are dropped because the terminal would act on them when drawn.
 * `deleteWordBefore` (Ctrl-W) deletes back to the previous whitespace, as shells do; `wordLeft`
 * and `wordRight` stop at letters, digits and `_`. At a line's edge, Backspace, Delete,
 * `deleteWordBefore`, `killToStart` and `killToEnd` join the line with its neighbour.
 *
 * @example
 * const typed = editKey(emptyEditor(), { kind: 'insert', text: 'hi' })
 * editKey(typed, { kind: 'backspace' }) // { lines: ['h'], row: 0, column: 1 }
 */
export function editKey(state: EditorState, key: EditorKey): EditorState {
  const line = codePoints(lineAt(state))
  const { row, column } = state
  const lastRow = state.lines.length - 1
  switch (key.kind) {
    case 'insert':
      return insertText(state, key.text)
    case 'newline':
      return replaceLines(state, row, 1, [join(line, 0, column), join(line, column)], row + 1, 0)
    case 'backspace':
      if (column > 0)
        return replaceLines(state, row, 1, [join(line, 0, column - 1) + join(line, column)], row, column - 1)
      return joinWithPrevious(state)
    case 'delete':
      if (column < line.length)
        return replaceLines(state, row, 1, [join(line, 0, column) + join(line, column + 1)], row, column)
      return joinWithNext(state)
    case 'left':
      if (column > 0) return moveTo(state, row, column - 1)
      return row > 0 ? moveTo(state, row - 1, lengthOf(state.lines[row - 1] ?? '')) : state
    case 'right':
      if (column < line.length) return moveTo(state, row, column + 1)
      return row < lastRow ? moveTo(state, row + 1, 0) : state
    case 'up':
      return row > 0 ? moveTo(state, row - 1, Math.min(column, lengthOf(state.lines[row - 1] ?? ''))) : state
    case 'down':
      return row < lastRow ? moveTo(state, row + 1, Math.min(column, lengthOf(state.lines[row + 1] ?? ''))) : state
    case 'home':
      return moveTo(state, row, 0)
    case 'end':
      return moveTo(state, row, line.length)
    case 'wordLeft':
      if (column === 0) return row > 0 ? moveTo(state, row - 1, lengthOf(state.lines[row - 1] ?? '')) : state
      return moveTo(state, row, wordStartBefore(line, column, isWordChar))
    case 'wordRight':
      if (column === line.length) return row < lastRow ? moveTo(state, row + 1, 0) : state
      return moveTo(state, row, wordEndAfter(line, column))
    case 'deleteWordBefore': {
      if (column === 0) return joinWithPrevious(state)
      const start = wordStartBefore(line, column, isNotSpace)
      return replaceLines(state, row, 1, [join(line, 0, start) + join(line, column)], row, start)
    }
    case 'killToEnd':
      if (column === line.length) return joinWithNext(state)
      return replaceLines(state, row, 1, [join(line, 0, column)], row, column)
    case 'killToStart':
      if (column === 0) return joinWithPrevious(state)
      return replaceLines(state, row, 1, [join(line, column)], row, 0)
  }
}

/**
 * Enter: when the cursor stands at the end of a line ending in `\`, the backslash becomes a line
 * break and editing goes on; otherwise the whole text is submitted.
 *
 * @example
 * submitOrContinue(editorWithText('one \\')) // { kind: 'continue', state: { lines: ['one ', ''], row: 1, column: 0 } }
 * submitOrContinue(editorWithText('one')) // { kind: 'submit', text: 'one' }
 */
export function submitOrContinue(state: EditorState): EnterOutcome {
  const line = lineAt(state)
  if (line.endsWith('\\') && state.column === lengthOf(line)) {
    const without = replaceLines(state, state.row, 1, [line.slice(0, -1)], state.row, state.column - 1)
    return { kind: 'continue', state: editKey(without, { kind: 'newline' }) }
  }
  return { kind: 'submit', text: editorText(state) }
}

function insertText(state: EditorState, raw: string): EditorState {
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  const text = raw.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  if (text === '') return state
  const line = codePoints(lineAt(state))
  const before = join(line, 0, state.column)
  const after = join(line, state.column)
  const parts = text.split('\n')
  const last = parts.length - 1
  const replaced = parts.map((part, index) => (index === 0 ? before : '') + part + (index === last ? after : ''))
  const column = (last === 0 ? state.column : 0) + lengthOf(parts[last] ?? '')
  return replaceLines(state, state.row, 1, replaced, state.row + last, column)
}

function joinWithPrevious(state: EditorState): EditorState {
  if (state.row === 0) return state
  const previous = state.lines[state.row - 1] ?? ''
  return replaceLines(state, state.row - 1, 2, [previous + lineAt(state)], state.row - 1, lengthOf(previous))
}

function joinWithNext(state: EditorState): EditorState {
  if (state.row === state.lines.length - 1) return state
  const next = state.lines[state.row + 1] ?? ''
  return replaceLines(state, state.row, 2, [lineAt(state) + next], state.row, state.column)
}

function replaceLines(
  state: EditorState,
  from: number,
  count: number,
  replacement: readonly string[],
  row: number,
  column: number,
): EditorState {
  const lines = [...state.lines.slice(0, from), ...replacement, ...state.lines.slice(from + count)]
  return { lines, row, column }
}

function moveTo(state: EditorState, row: number, column: number): EditorState {
  return row === state.row && column === state.column ? state : { lines: state.lines, row, column }
}

/** Where a word ending at `column` starts: skip separators, then word characters. */
function wordStartBefore(line: readonly string[], column: number, inWord: (char: string) => boolean): number {
  let index = column
  while (index > 0 && !inWord(line[index - 1] ?? '')) index--
  while (index > 0 && inWord(line[index - 1] ?? '')) index--
  return index
}

function wordEndAfter(line: readonly string[], column: number): number {
  let index = column
  while (index < line.length && !isWordChar(line[index] ?? '')) index++
  while (index < line.length && isWordChar(line[index] ?? '')) index++
  return index
}

function isWordChar(char: string): boolean {
  return /^[\p{L}\p{N}\p{M}_]$/u.test(char)
}

function isNotSpace(char: string): boolean {
  return !/^\s$/u.test(char)
}

function lineAt(state: EditorState): string {
  return state.lines[state.row] ?? ''
}

function codePoints(text: string): string[] {
  return Array.from(text)
}

function join(chars: readonly string[], start: number, end?: number): string {
  return chars.slice(start, end).join('')
}

/** Length in code points, without building an array for long lines. */
function lengthOf(text: string): number {
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) index++
    }
    count++
  }
  return count
}
