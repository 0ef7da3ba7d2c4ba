import { describe, expect, it } from 'vitest'
import { cutAround } from './cut-line.js'

describe('cutAround', () => {
  it('leaves short lines alone', () => {
    expect(cutAround('short line', 0, 5)).toBe('short line')
    expect(cutAround('x'.repeat(300), 10, 12)).toHaveLength(300)
  })

  it('keeps a match at the end of a long line visible', () => {
    const line = `${'x'.repeat(1_000)}needle`
    expect(cutAround(line, 1_000, 1_006, 20)).toBe(`…${'x'.repeat(13)}needle`)
  })

  it('keeps a match at the start, and centres one in the middle', () => {
    expect(cutAround(`needle${'x'.repeat(1_000)}`, 0, 6, 20)).toBe(`needle${'x'.repeat(13)}…`)
    const centred = cutAround(`${'a'.repeat(500)}MATCH${'b'.repeat(500)}`, 500, 505, 21)
    expect(centred).toBe('…aaaaaaaMATCHbbbbbbb…')
  })

  it('shows the start of a match longer than the room', () => {
    expect(cutAround(`ab${'m'.repeat(100)}cd`, 2, 102, 10)).toBe(`…${'m'.repeat(8)}…`)
  })

  it('never splits a surrogate pair', () => {
    const line = '😀'.repeat(200)
    const cut = cutAround(line, 200, 202, 21)
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    expect(cut.length).toBeLessThanOrEqual(21)
  })
})
