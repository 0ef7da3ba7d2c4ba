import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitMessage } from './split-message.js'

describe('splitMessage', () => {
  it('keeps a short text whole', () => {
    expect(splitMessage('hello')).toEqual(['hello'])
    expect(splitMessage('x'.repeat(4096))).toEqual(['x'.repeat(4096)])
  })

  it('cuts long texts at line breaks, then spaces, then anywhere', () => {
    const lines = `${'a'.repeat(3000)}\n${'b'.repeat(3000)}`
    expect(splitMessage(lines)).toEqual(['a'.repeat(3000), 'b'.repeat(3000)])
    const words = `${'a'.repeat(3000)} ${'b'.repeat(3000)}`
    expect(splitMessage(words)).toEqual(['a'.repeat(3000), 'b'.repeat(3000)])
    expect(splitMessage('x'.repeat(5000)).map((p) => p.length)).toEqual([4096, 904])
  })

  it('never cuts a surrogate pair', () => {
    const text = `${'x'.repeat(4095)}😀tail`
    const pieces = splitMessage(text)
    expect(pieces).toEqual(['x'.repeat(4095), '😀tail'])
  })

  it('drops whitespace-only pieces', () => {
    expect(splitMessage('   ')).toEqual([])
  })

  it('loses nothing but the break characters and keeps every piece within the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '😀'), maxLength: 400 }), (text) => {
        const pieces = splitMessage(text, 16)
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(16)
        expect(pieces.join('').replace(/[\n ]/g, '')).toBe(text.replace(/[\n ]/g, ''))
      }),
    )
  })
})
