/** The rows to draw and where each goes. */
export interface VirtualRange {
  /** First row drawn. */
  readonly start: number
  /** One past the last row drawn. */
  readonly end: number
  /** The height of all rows together. */
  readonly total: number
}

/**
 * Which rows of a list of `count` rows fall into the viewport, with `overscan` rows more on each
 * side. Every row is `rowHeight` tall except those in `heights` (measured, e.g. expanded ones), so
 * the work is proportional to the measured rows, not the list.
 *
 * @example
 * visibleRange({ count: 10_000, rowHeight: 32, heights: new Map(), scrollTop: 3200, viewport: 640 })
 * // → { start: 95, end: 126, total: 320000 }
 */
export function visibleRange(options: {
  readonly count: number
  readonly rowHeight: number
  readonly heights: ReadonlyMap<number, number>
  readonly scrollTop: number
  readonly viewport: number
  readonly overscan?: number
}): VirtualRange {
  const { count, rowHeight, heights, scrollTop, viewport } = options
  const overscan = options.overscan ?? 5
  const measured = [...heights.entries()].filter(([i]) => i < count).sort((a, b) => a[0] - b[0])
  const total = count * rowHeight + measured.reduce((sum, [, h]) => sum + h - rowHeight, 0)
  const first = indexAt(scrollTop, rowHeight, measured)
  const last = indexAt(scrollTop + viewport, rowHeight, measured)
  return {
    start: Math.max(0, Math.min(count, first - overscan)),
    end: Math.max(0, Math.min(count, last + 1 + overscan)),
    total,
  }
}

/** The top of row `index`. */
export function offsetOf(index: number, rowHeight: number, heights: ReadonlyMap<number, number>): number {
  let offset = index * rowHeight
  for (const [i, h] of heights) if (i < index) offset += h - rowHeight
  return offset
}

/** The row at vertical position `y`. */
function indexAt(y: number, rowHeight: number, measured: readonly (readonly [number, number])[]): number {
  let shift = 0
  for (const [i, h] of measured) {
    const top = i * rowHeight + shift
    if (y < top) break
    if (y < top + h) return i
    shift += h - rowHeight
  }
  return Math.floor((y - shift) / rowHeight)
}
