import type { Key } from 'ink'
import { describe, expect, it } from 'vitest'
import { inputKeyOf } from './input-keys.js'

const noKey: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
}
const key = (flags: Partial<Key>): Key => ({ ...noKey, ...flags })

describe('inputKeyOf', () => {
  it('submits on Enter and breaks the line on Shift-, Alt- and Ctrl-Enter and on a line feed', () => {
    expect(inputKeyOf('\r', key({ return: true }))).toBe('submit')
    expect(inputKeyOf('', key({ return: true }))).toBe('submit')
    expect(inputKeyOf('\r', key({ return: true, shift: true }))).toBe('newline')
    expect(inputKeyOf('\r', key({ return: true, meta: true }))).toBe('newline')
    expect(inputKeyOf('', key({ return: true, ctrl: true }))).toBe('newline')
    expect(inputKeyOf('\n', noKey)).toBe('newline')
  })

  it('inserts typed and pasted text', () => {
    expect(inputKeyOf('a', noKey)).toEqual({ kind: 'insert', text: 'a' })
    expect(inputKeyOf('A', key({ shift: true }))).toEqual({ kind: 'insert', text: 'A' })
    expect(inputKeyOf('漢😀', noKey)).toEqual({ kind: 'insert', text: '漢😀' })
    expect(inputKeyOf('one\rtwo', noKey)).toEqual({ kind: 'insert', text: 'one\rtwo' })
    expect(inputKeyOf('', noKey)).toBeUndefined()
  })

  it('maps navigation and deletion keys', () => {
    expect(inputKeyOf('', key({ leftArrow: true }))).toEqual({ kind: 'left' })
    expect(inputKeyOf('', key({ rightArrow: true }))).toEqual({ kind: 'right' })
    expect(inputKeyOf('', key({ upArrow: true }))).toEqual({ kind: 'up' })
    expect(inputKeyOf('', key({ downArrow: true }))).toEqual({ kind: 'down' })
    expect(inputKeyOf('', key({ home: true }))).toEqual({ kind: 'home' })
    expect(inputKeyOf('', key({ end: true }))).toEqual({ kind: 'end' })
    expect(inputKeyOf('', key({ backspace: true }))).toEqual({ kind: 'backspace' })
    expect(inputKeyOf('', key({ delete: true }))).toEqual({ kind: 'delete' })
    expect(inputKeyOf('', key({ leftArrow: true, ctrl: true }))).toEqual({ kind: 'wordLeft' })
    expect(inputKeyOf('', key({ rightArrow: true, meta: true }))).toEqual({ kind: 'wordRight' })
    expect(inputKeyOf('', key({ backspace: true, meta: true }))).toEqual({ kind: 'deleteWordBefore' })
  })

  it('maps readline Ctrl and Alt keys', () => {
    const ctrl = (letter: string): unknown => inputKeyOf(letter, key({ ctrl: true }))
    expect(ctrl('a')).toEqual({ kind: 'home' })
    expect(ctrl('e')).toEqual({ kind: 'end' })
    expect(ctrl('b')).toEqual({ kind: 'left' })
    expect(ctrl('f')).toEqual({ kind: 'right' })
    expect(ctrl('w')).toEqual({ kind: 'deleteWordBefore' })
    expect(ctrl('u')).toEqual({ kind: 'killToStart' })
    expect(ctrl('k')).toEqual({ kind: 'killToEnd' })
    expect(inputKeyOf('b', key({ meta: true }))).toEqual({ kind: 'wordLeft' })
    expect(inputKeyOf('f', key({ meta: true }))).toEqual({ kind: 'wordRight' })
  })

  it('leaves the app its keys', () => {
    for (const letter of ['c', 'd', 'l', 'r', 'constructor'])
      expect(inputKeyOf(letter, key({ ctrl: true }))).toBeUndefined()
    expect(inputKeyOf('x', key({ meta: true }))).toBeUndefined()
    expect(inputKeyOf('', key({ escape: true }))).toBeUndefined()
    expect(inputKeyOf('', key({ tab: true }))).toBeUndefined()
    expect(inputKeyOf('', key({ pageUp: true }))).toBeUndefined()
    expect(inputKeyOf('', key({ pageDown: true }))).toBeUndefined()
    expect(inputKeyOf('s', key({ super: true }))).toBeUndefined()
  })

  it('ignores key releases', () => {
    expect(inputKeyOf('a', key({ eventType: 'release' }))).toBeUndefined()
    expect(inputKeyOf('', key({ return: true, eventType: 'release' }))).toBeUndefined()
    expect(inputKeyOf('a', key({ eventType: 'press' }))).toEqual({ kind: 'insert', text: 'a' })
  })
})
