import { describe, expect, it } from 'vitest'
import { style } from './ansi-style.js'

describe('style', () => {
  it('wraps text in SGR codes with colour', () => {
    const s = style(true)
    expect(s.bold('a')).toBe('\u001b[1ma\u001b[22m')
    expect(s.red('a')).toBe('\u001b[31ma\u001b[39m')
    expect(s.gray('a')).toBe('\u001b[90ma\u001b[39m')
    expect(s.inverse('a')).toBe('\u001b[7ma\u001b[27m')
  })

  it('returns every text unchanged without colour', () => {
    const s = style(false)
    for (const paint of Object.values(s)) expect(paint('text')).toBe('text')
    expect(Object.keys(s).sort()).toEqual(
      [
        'blue',
        'bold',
        'cyan',
        'dim',
        'gray',
        'green',
        'inverse',
        'italic',
        'magenta',
        'red',
        'underline',
        'yellow',
      ].sort(),
    )
  })

  it('re-opens an outer style after an inner one that shares its reset', () => {
    const s = style(true)
    expect(s.dim(`a${s.bold('b')}c`)).toBe('\u001b[2ma\u001b[1mb\u001b[22m\u001b[2mc\u001b[22m')
    expect(s.red(`a${s.green('b')}c`)).toBe('\u001b[31ma\u001b[32mb\u001b[39m\u001b[31mc\u001b[39m')
  })

  it('leaves empty text empty', () => {
    expect(style(true).bold('')).toBe('')
  })
})
