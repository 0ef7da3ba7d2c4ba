import { describe, expect, it } from 'vitest'
import { makeVisible } from './make-visible.js'

describe('makeVisible', () => {
  it('shows bidi overrides, isolates and zero-width characters', () => {
    expect(makeVisible('rm -rf /tmp/\u202Egnp.exe')).toBe('rm -rf /tmp/⟨U+202E⟩gnp.exe')
    expect(makeVisible('a\u2066b\u2069c')).toBe('a⟨U+2066⟩b⟨U+2069⟩c')
    expect(makeVisible('ls\u200B-la')).toBe('ls⟨U+200B⟩-la')
    expect(makeVisible('\uFEFFx')).toBe('⟨U+FEFF⟩x')
  })

  it('shows control characters but keeps line feeds and tabs', () => {
    expect(makeVisible('echo ok\r\u001b[2K\u001b[1Arm -rf ~')).toBe('echo ok⟨U+000D⟩⟨U+001B⟩[2K⟨U+001B⟩[1Arm -rf ~')
    expect(makeVisible('a\nb\tc\u0000')).toBe('a\nb\tc⟨U+0000⟩')
    expect(makeVisible('\u007F\u0085')).toBe('⟨U+007F⟩⟨U+0085⟩')
  })

  it('leaves ordinary text, including non-Latin scripts and emoji, alone', () => {
    const text = 'grep "naïve café" 東京 😀 عربى'
    expect(makeVisible(text)).toBe(text)
  })
})
