import { makeVisible } from '../../text/make-visible.js'

/**
 * Text as one safe line: control, bidi and invisible characters (line feeds and tabs too) become
 * `⟨U+XXXX⟩`, so what a call received cannot hide or reorder itself on a terminal.
 *
 * @example oneLine('a\nb\u202E') // 'a⟨U+000A⟩b⟨U+202E⟩'
 */
export function oneLine(text: string): string {
  return makeVisible(text).replace(/[\n\t]/g, (ch) => `⟨U+${ch === '\n' ? '000A' : '0009'}⟩`)
}

/**
 * Cuts a line to at most `columns` terminal columns, ending it with `…` when cut. Wide characters
 * count two columns and combining marks none; a `⟨U+XXXX⟩` mark is kept whole or dropped whole,
 * so a cut never leaves half of one.
 *
 * @example fitColumns('abcdef', 4) // 'abc…'
 */
export function fitColumns(text: string, columns: number): string {
  const units = unitsOf(text)
  if (units.reduce((sum, unit) => sum + unit.width, 0) <= columns) return text
  let kept = ''
  let used = 0
  for (const unit of units) {
    if (used + unit.width > columns - 1) break
    kept += unit.text
    used += unit.width
  }
  return `${kept}…`
}

/**
 * Breaks a line into lines of at most `columns` columns, at spaces where it can and inside a word
 * only when the word alone is wider.
 *
 * @example wrapColumns('allowed by rule x', 10) // ['allowed by', 'rule x']
 */
export function wrapColumns(text: string, columns: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const joined = line === '' ? word : `${line} ${word}`
    if (columnsOf(joined) <= columns) {
      line = joined
      continue
    }
    if (line !== '') lines.push(line)
    let piece = ''
    for (const unit of unitsOf(word)) {
      if (piece !== '' && columnsOf(piece) + unit.width > columns) {
        lines.push(piece)
        piece = ''
      }
      piece += unit.text
    }
    line = piece
  }
  lines.push(line)
  return lines
}

/** Terminal columns `text` takes. */
export function columnsOf(text: string): number {
  return unitsOf(text).reduce((sum, unit) => sum + unit.width, 0)
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const visibleMark = /⟨U\+[0-9A-F]{4,6}⟩/gu

function unitsOf(text: string): { text: string; width: number }[] {
  const units: { text: string; width: number }[] = []
  let last = 0
  for (const match of text.matchAll(visibleMark)) {
    units.push(...graphemes(text.slice(last, match.index)))
    units.push({ text: match[0], width: match[0].length })
    last = match.index + match[0].length
  }
  units.push(...graphemes(text.slice(last)))
  return units
}

function graphemes(text: string): { text: string; width: number }[] {
  return [...segmenter.segment(text)].map(({ segment }) => ({ text: segment, width: widthOf(segment) }))
}

// East Asian wide and fullwidth ranges and pictographs take two columns; marks alone take none.
const wide =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]|\p{Extended_Pictographic}/u

function widthOf(grapheme: string): number {
  if (wide.test(grapheme)) return 2
  return /^\p{M}+$/u.test(grapheme) ? 0 : 1
}
