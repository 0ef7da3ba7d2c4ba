import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { offsetOf, visibleRange } from './virtual-range.js'

/** What {@link VirtualList} takes. */
export interface VirtualListProps<T> {
  readonly items: readonly T[]
  /** Changes whenever items changed in place, so the list draws again. */
  readonly version: number
  readonly rowHeight: number
  readonly keyOf: (item: T) => string
  /** Rows whose height is measured instead of assumed (expanded ones). */
  readonly isMeasured: (item: T) => boolean
  readonly renderRow: (item: T, index: number) => ReactNode
  /** Keeps the newest row in view while the reader is at the bottom. */
  readonly follow: boolean
  readonly label: string
}

/**
 * A list that keeps only the rows in view in the page, so ten thousand rows scroll as lightly as
 * ten. Rows are `rowHeight` tall unless measured.
 *
 * @example
 * <VirtualList items={rows} version={v} rowHeight={36} keyOf={(r) => r.key}
 *   isMeasured={(r) => open.has(r.key)} renderRow={(r) => <Row row={r} />} follow label="Events" />
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, keyOf, isMeasured, renderRow, follow } = props
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(600)
  // Measured heights by key: an index would point at another row once rows are added above.
  const [measuredByKey, setMeasuredByKey] = useState<ReadonlyMap<string, number>>(new Map())
  const atBottom = useRef(true)

  const heights = new Map<number, number>()
  items.forEach((item, index) => {
    if (!isMeasured(item)) return
    const h = measuredByKey.get(keyOf(item))
    if (h !== undefined) heights.set(index, h)
  })
  const range = visibleRange({ count: items.length, rowHeight, heights, scrollTop, viewport })

  useLayoutEffect(() => {
    const element = scroller.current
    if (element === null) return
    const observer = new ResizeObserver(() => setViewport(element.clientHeight))
    observer.observe(element)
    setViewport(element.clientHeight)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const element = scroller.current
    if (element !== null && follow && atBottom.current) element.scrollTop = element.scrollHeight
  }, [items.length, props.version, follow, range.total])

  const measure = useCallback((key: string, element: HTMLElement | null) => {
    if (element === null) return
    const h = element.getBoundingClientRect().height
    setMeasuredByKey((before) => {
      if (before.get(key) === h) return before
      const after = new Map(before)
      after.set(key, h)
      return after
    })
  }, [])

  const rows: ReactNode[] = []
  for (let index = range.start; index < range.end; index++) {
    const item = items[index] as T
    const key = keyOf(item)
    const measured = isMeasured(item)
    rows.push(
      <div
        key={key}
        role="listitem"
        className="tl-slot"
        style={{ top: offsetOf(index, rowHeight, heights), ...(!measured && { height: rowHeight }) }}
        ref={measured ? (element) => measure(key, element) : undefined}
      >
        {renderRow(item, index)}
      </div>,
    )
  }

  return (
    <div
      ref={scroller}
      className="tl-scroller"
      onScroll={(event) => {
        const element = event.currentTarget
        setScrollTop(element.scrollTop)
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < rowHeight
      }}
    >
      <div role="list" aria-label={props.label} className="tl-canvas" style={{ height: range.total }}>
        {rows}
      </div>
    </div>
  )
}
