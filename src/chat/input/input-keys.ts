import type { Key } from 'ink'
import type { EditorKey } from './editor-state.js'

/** What a key press asks of the input line: an edit, Enter, or a line break. */
export type InputAction = EditorKey | 'submit' | 'newline'

const ctrlKeys: Readonly<Record<string, EditorKey>> = {
  a: { kind: 'home' },
  e: { kind: 'end' },
  b: { kind: 'left' },
  f: { kind: 'right' },
  w: { kind: 'deleteWordBefore' },
  u: { kind: 'killToStart' },
  k: { kind: 'killToEnd' },
}

const metaKeys: Readonly<Record<string, EditorKey>> = {
  b: { kind: 'wordLeft' },
  f: { kind: 'wordRight' },
}

/**
 * Maps one key press, as Ink's `useInput` reports it, to what the input line does with it;
 * `undefined` leaves it to the app (Ctrl-C, Ctrl-D, Ctrl-L, Escape, Tab, Page Up/Down, other
 * Alt and Ctrl combinations, key releases).
 *
 * Enter submits. Shift-Enter (reported by terminals speaking the kitty keyboard protocol),
 * Alt-Enter, Ctrl-Enter and a bare line feed (Ctrl-J, which many terminals can be set to send
 * for Shift-Enter) break the line. Readline's keys edit: Ctrl-A/E/B/F/W/U/K, Alt-B/F, Alt- or
 * Ctrl-Backspace, Alt- or Ctrl-Left/Right.
 *
 * @example
 * inputKeyOf('a', { ...noKey, ctrl: true }) // { kind: 'home' }
 * inputKeyOf('', { ...noKey, return: true, shift: true }) // 'newline'
 */
export function inputKeyOf(input: string, key: Key): InputAction | undefined {
  if (key.eventType === 'release') return undefined
  const modified = key.meta || key.ctrl
  if (key.return) return key.shift || modified ? 'newline' : 'submit'
  if (input === '\n') return 'newline'
  if (key.escape || key.tab || key.pageUp || key.pageDown) return undefined
  if (key.backspace) return modified ? { kind: 'deleteWordBefore' } : { kind: 'backspace' }
  if (key.delete) return { kind: 'delete' }
  if (key.leftArrow) return { kind: modified ? 'wordLeft' : 'left' }
  if (key.rightArrow) return { kind: modified ? 'wordRight' : 'right' }
  if (key.upArrow) return { kind: 'up' }
  if (key.downArrow) return { kind: 'down' }
  if (key.home) return { kind: 'home' }
  if (key.end) return { kind: 'end' }
  if (key.ctrl) return Object.hasOwn(ctrlKeys, input) ? ctrlKeys[input] : undefined
  if (key.meta) return Object.hasOwn(metaKeys, input) ? metaKeys[input] : undefined
  if (key.super || key.hyper) return undefined
  return input === '' ? undefined : { kind: 'insert', text: input }
}

/**
 * The actions in one chunk of typed input. Keys typed faster than they are read (over SSH, or
 * from a terminal driver) arrive together as one `input`: a carriage return among them is Enter,
 * not a line break. Pastes arrive apart (bracketed paste) and keep theirs.
 * @example typedActions({ kind: 'insert', text: 'hi\r' }) // [{ kind: 'insert', text: 'hi' }, 'submit']
 */
export function typedActions(action: InputAction): InputAction[] {
  if (typeof action === 'string' || action.kind !== 'insert' || !action.text.includes('\r')) return [action]
  return action.text
    .split('\r')
    .flatMap((text, index): InputAction[] => [
      ...(index > 0 ? (['submit'] as const) : []),
      ...(text === '' ? [] : [{ kind: 'insert', text } as const]),
    ])
}
