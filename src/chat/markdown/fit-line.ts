import stringWidth from 'string-width'

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const sgr = /\u001b\[[0-9;]*m/y
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * A line cut to `width` terminal columns, ending with `…` when something was cut. Escape
 * sequences (SGR, the only ones our own output holds) are kept, so styles still close.
 * @example cutToWidth('abcdef', 4) // 'abc…'
 */
export function cutToWidth(line: string, width: number): string {
  if (stringWidth(line) <= width) return line
  if (width <= 0) return ''
  const room = width - 1
  let used = 0
  let full = false
  let out = ''
  let index = 0
  while (index < line.length) {
    sgr.lastIndex = index
    const escape = sgr.exec(line)
    if (escape !== null) {
      out += escape[0]
      index = sgr.lastIndex
      continue
    }
    const next = line.indexOf('\u001b[', index)
    const chunk = line.slice(index, next === -1 ? line.length : next)
    index += chunk.length
    if (full) continue
    for (const { segment } of segmenter.segment(chunk)) {
      const w = stringWidth(segment)
      if (used + w > room) {
        full = true
        out += '…'
        break
      }
      used += w
      out += segment
    }
  }
  return out
}

/**
 * Tabs replaced by spaces up to the next stop of `size` columns: a terminal draws a tab up to 8
 * columns wide, which width counting (0 columns) would miss.
 * @example expandTabs('a\tb') // 'a   b'
 */
export function expandTabs(text: string, size = 4): string {
  if (!text.includes('\t')) return text
  return text
    .split('\n')
    .map((line) => {
      let out = ''
      for (const part of line.split('\t').entries()) {
        const [i, piece] = part
        if (i > 0) out += ' '.repeat(size - (stringWidth(out) % size))
        out += piece
      }
      return out
    })
    .join('\n')
}

/**
 * A line padded with spaces to `width` columns, on the side `align` asks for.
 * @example padToWidth('ab', 4, 'right') // '  ab'
 */
export function padToWidth(line: string, width: number, align: 'left' | 'right' | 'center' | null = 'left'): string {
  const gap = Math.max(0, width - stringWidth(line))
  if (align === 'right') return ' '.repeat(gap) + line
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + line + ' '.repeat(gap - Math.floor(gap / 2))
  return line + ' '.repeat(gap)
}
