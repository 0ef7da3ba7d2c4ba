/* eslint-disable no-control-regex -- control characters are what these tests look for */
import { describe, expect, it } from 'vitest'
import { visibleText } from './visible-text.js'

describe('visibleText', () => {
  it('keeps newlines, tabs and ordinary text, emoji and wide characters', () => {
    const text = 'a\tb\nc — ü 日本 👩‍💻'
    expect(visibleText(text)).toBe(text)
  })

  it('shows escape sequences instead of letting them reach the terminal', () => {
    expect(visibleText('a\u001b[2Jb')).toBe('a<U+001B>[2Jb')
    expect(visibleText('\u001b]8;;http://x\u0007link')).toBe('<U+001B>]8;;http://x<U+0007>link')
  })

  it('shows every C0 control but tab and newline, DEL and C1 controls', () => {
    expect(visibleText('\u0000\u0008\u000b\u000c\u001f')).toBe('<U+0000><U+0008><U+000B><U+000C><U+001F>')
    expect(visibleText('\u007f\u0080\u009b\u009f')).toBe('<U+007F><U+0080><U+009B><U+009F>')
  })

  it('turns CRLF into LF and shows a lone carriage return', () => {
    expect(visibleText('a\r\nb')).toBe('a\nb')
    expect(visibleText('safe\rrm -rf')).toBe('safe<U+000D>rm -rf')
  })

  it('shows bidi overrides, isolates and marks', () => {
    expect(visibleText('x\u202ey')).toBe('x<U+202E>y')
    expect(visibleText('\u202a\u202b\u202c\u202d')).toBe('<U+202A><U+202B><U+202C><U+202D>')
    expect(visibleText('\u2066\u2067\u2068\u2069')).toBe('<U+2066><U+2067><U+2068><U+2069>')
    expect(visibleText('\u200e\u200f')).toBe('<U+200E><U+200F>')
  })

  it('leaves no control character or bidi control in any text', () => {
    let all = ''
    for (let code = 0; code < 0x2070; code++) all += String.fromCharCode(code)
    const out = visibleText(all)
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
    expect(out).toContain('\t\n')
  })
})
