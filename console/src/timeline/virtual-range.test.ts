import { describe, expect, it } from 'vitest'
import { offsetOf, visibleRange } from './virtual-range.js'

describe('visibleRange', () => {
  it('draws only the rows in view and a few around them', () => {
    const range = visibleRange({ count: 10_000, rowHeight: 32, heights: new Map(), scrollTop: 3200, viewport: 640 })
    expect(range).toEqual({ start: 95, end: 126, total: 320_000 })
  })

  it('stays inside the list at both ends', () => {
    expect(visibleRange({ count: 3, rowHeight: 32, heights: new Map(), scrollTop: 0, viewport: 640 })).toEqual({
      start: 0,
      end: 3,
      total: 96,
    })
    expect(visibleRange({ count: 0, rowHeight: 32, heights: new Map(), scrollTop: 0, viewport: 640 })).toEqual({
      start: 0,
      end: 0,
      total: 0,
    })
  })

  it('counts measured rows at their height', () => {
    // Row 10 is open and 332 px tall: everything after it moves down 300 px.
    const heights = new Map([[10, 332]])
    const range = visibleRange({ count: 100, rowHeight: 32, heights, scrollTop: 330 + 300, viewport: 64, overscan: 0 })
    expect(range.total).toBe(3500)
    expect(range.start).toBe(10)
    expect(
      visibleRange({ count: 100, rowHeight: 32, heights, scrollTop: 32 * 11 + 300, viewport: 1, overscan: 0 }).start,
    ).toBe(11)
    expect(offsetOf(11, 32, heights)).toBe(32 * 11 + 300)
    expect(offsetOf(10, 32, heights)).toBe(320)
  })

  it('ignores measured rows past the end of the list', () => {
    expect(
      visibleRange({ count: 2, rowHeight: 10, heights: new Map([[5, 100]]), scrollTop: 0, viewport: 10 }).total,
    ).toBe(20)
  })
})
