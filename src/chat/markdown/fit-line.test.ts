import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { style } from './ansi-style.js'
import { cutToWidth, expandTabs, padToWidth } from './fit-line.js'

describe('cutToWidth', () => {
  it('keeps a line that fits and cuts one that does not, with …', () => {
    expect(cutToWidth('abcd', 4)).toBe('abcd')
    expect(cutToWidth('abcdef', 4)).toBe('abc…')
    expect(cutToWidth('abcdef', 1)).toBe('…')
    expect(cutToWidth('abcdef', 0)).toBe('')
  })

  it('counts wide characters and keeps graphemes whole', () => {
    const cut = cutToWidth('日本語テキスト', 6)
    expect(cut).toBe('日本…')
    expect(stringWidth(cut)).toBeLessThanOrEqual(6)
    expect(cutToWidth('👩‍💻👩‍💻👩‍💻', 5)).toBe('👩‍💻👩‍💻…')
  })

  it('keeps escape sequences so styles still close', () => {
    const s = style(true)
    const cut = cutToWidth(s.red('abcdef') + s.bold('gh'), 4)
    expect(cut).toBe('\u001b[31mabc…\u001b[39m\u001b[1m\u001b[22m')
    expect(stringWidth(cut)).toBe(4)
  })
})

describe('expandTabs', () => {
  it('expands tabs to the next stop', () => {
    expect(expandTabs('a\tb')).toBe('a   b')
    expect(expandTabs('\tx\n1234\ty')).toBe('    x\n1234    y')
    expect(expandTabs('no tabs')).toBe('no tabs')
  })
})

describe('padToWidth', () => {
  it('pads on the side asked for', () => {
    expect(padToWidth('ab', 4)).toBe('ab  ')
    expect(padToWidth('ab', 4, 'right')).toBe('  ab')
    expect(padToWidth('ab', 5, 'center')).toBe(' ab  ')
    expect(padToWidth('abcdef', 4)).toBe('abcdef')
  })
})
