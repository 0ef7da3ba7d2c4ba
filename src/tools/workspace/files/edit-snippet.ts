import { fillText } from '../../../text/model-text.js'
import type { LineRange, ReplacedLines } from './apply-edit.js'
import { formatCount } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { cutLine, numberLine } from './numbered-lines.js'
import { fileTexts } from './texts.js'

/**
 * Carries line ranges of a text through a later edit of it, so that a multi-edit can show every
 * changed region of the final text. Only which lines a snippet shows depends on this; the numbers
 * it prints always come from the final text.
 */
export function carryRanges(ranges: readonly LineRange[], replaced: readonly ReplacedLines[]): LineRange[] {
  return ranges.map((range) => {
    let shift = 0
    for (const { from, to } of replaced) {
      const grown = to.last - to.first - (from.last - from.first)
      if (range.last < from.first) break
      if (range.first > from.last) {
        shift += grown
        continue
      }
      // The range overlaps this replacement: it now spans the replacement as well.
      return { first: Math.min(range.first + shift, to.first), last: Math.max(range.last + shift + grown, to.last) }
    }
    return { first: range.first + shift, last: range.last + shift }
  })
}

/**
 * Numbered lines (`cat -n` style) around the given ranges of `lines`, with
 * {@link fileToolLimits.snippetContext} lines of context, `…` between regions that are apart, and at
 * most {@link fileToolLimits.maxSnippetLines} lines.
 */
export function renderSnippet(lines: readonly string[], ranges: readonly LineRange[]): string {
  const context = fileToolLimits.snippetContext
  const blocks = mergeRanges(
    ranges
      .map((r) => ({ first: Math.max(1, r.first - context), last: Math.min(lines.length, r.last + context) }))
      .filter((r) => r.first <= r.last),
  )
  const out: string[] = []
  let shown = 0
  let hidden = 0
  for (const [index, block] of blocks.entries()) {
    if (index > 0) out.push('     …')
    for (let line = block.first; line <= block.last; line++) {
      if (shown >= fileToolLimits.maxSnippetLines) {
        hidden++
        continue
      }
      out.push(numberLine(line, cutLine(lines[line - 1] ?? '', fileToolLimits.snippetLineChars).text))
      shown++
    }
  }
  if (hidden > 0) {
    while (out.at(-1) === '     …') out.pop()
    out.push(fillText(fileTexts.snippetMore, { count: formatCount(hidden), lines: hidden === 1 ? 'line' : 'lines' }))
  }
  return out.join('\n')
}

function mergeRanges(ranges: readonly LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((a, b) => a.first - b.first)
  const merged: LineRange[] = []
  for (const range of sorted) {
    const last = merged.at(-1)
    if (last !== undefined && range.first <= last.last + 1)
      merged[merged.length - 1] = { first: last.first, last: Math.max(last.last, range.last) }
    else merged.push(range)
  }
  return merged
}
