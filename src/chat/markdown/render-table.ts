import type { Tokens } from 'marked'
import stringWidth from 'string-width'
import wrapAnsi from 'wrap-ansi'
import { cutToWidth, padToWidth } from './fit-line.js'
import { renderInline, type InlineOptions } from './render-inline.js'

type Align = 'left' | 'right' | 'center' | null

/**
 * A Markdown table drawn with box characters in at most `width` columns: columns keep their
 * natural width when it fits, otherwise the narrow ones keep theirs and the wide ones share the
 * rest, their cells wrapped. A table with too many columns to fit at all has its lines cut.
 * @example renderTable(table, 40, { s: style(false), color: false }) // ['┌───┬───┐', …]
 */
export function renderTable(table: Tokens.Table, width: number, options: InlineOptions): string[] {
  const header = table.header.map((cell) => options.s.bold(renderInline(cell.tokens, options)))
  const rows = table.rows.map((row) => row.map((cell) => renderInline(cell.tokens, options)))
  const count = Math.max(header.length, ...rows.map((row) => row.length))
  if (count === 0) return []
  const natural = Array.from({ length: count }, (_, i) =>
    Math.max(1, widest(header[i] ?? ''), ...rows.map((row) => widest(row[i] ?? ''))),
  )
  const room = width - (3 * count + 1)
  const widths = room >= count ? fitColumns(natural, room) : natural
  const border = (left: string, mid: string, right: string): string =>
    options.s.dim(left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right)
  const lines = [border('┌', '┬', '┐'), ...rowLines(header, widths, table.align, options), border('├', '┼', '┤')]
  for (const row of rows) lines.push(...rowLines(row, widths, table.align, options))
  lines.push(border('└', '┴', '┘'))
  return room >= count ? lines : lines.map((line) => cutToWidth(line, width))
}

function widest(text: string): number {
  return Math.max(0, ...text.split('\n').map((line) => stringWidth(line)))
}

/** Column widths summing to at most `room`: narrow columns first take what they need. */
function fitColumns(natural: readonly number[], room: number): number[] {
  const total = natural.reduce((sum, w) => sum + w, 0)
  if (total <= room) return [...natural]
  const widths = [...natural]
  const order = natural.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0])
  let left = room
  order.forEach(([w, i], k) => {
    const share = Math.max(1, Math.floor(left / (order.length - k)))
    widths[i] = Math.min(w, share)
    left -= widths[i]
  })
  return widths
}

function rowLines(
  cells: readonly string[],
  widths: readonly number[],
  align: readonly Align[],
  options: InlineOptions,
): string[] {
  const wrapped = widths.map((w, i) => wrapAnsi(cells[i] ?? '', w, { hard: true }).split('\n'))
  const height = Math.max(1, ...wrapped.map((lines) => lines.length))
  const bar = options.s.dim('│')
  const lines: string[] = []
  for (let row = 0; row < height; row++) {
    const parts = widths.map((w, i) => padToWidth(wrapped[i]?.[row] ?? '', w, align[i] ?? null))
    lines.push(`${bar} ${parts.join(` ${bar} `)} ${bar}`)
  }
  return lines
}
