import { fillText } from '../../../text/model-text.js'
import { formatCount } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { fileTexts } from './texts.js'

/**
 * The lines of a text as a reader shows them: split at `\n`, without the CR of a CRLF ending, and
 * without an empty last line after a final line break.
 */
export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
}

/** The number of Unicode code points of a string (what the file tools call characters). */
export function codePointLength(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low one is a single character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}

/** A line cut to `max` characters (never inside a surrogate pair) with a marker, and whether it was cut. */
export function cutLine(
  line: string,
  max: number = fileToolLimits.maxLineChars,
): { readonly text: string; readonly cut: boolean } {
  if (line.length <= max) return { text: line, cut: false }
  const total = codePointLength(line)
  if (total <= max) return { text: line, cut: false }
  let end = 0
  for (let kept = 0; kept < max; kept++) end += (line.codePointAt(end) ?? 0) > 0xffff ? 2 : 1
  const marker = fillText(fileTexts.lineCut, { shown: formatCount(max), total: formatCount(total) })
  return { text: `${line.slice(0, end)}${marker}`, cut: true }
}

/** One line as `cat -n` shows it: the number right-aligned in six columns, a tab, the line. */
export function numberLine(lineNumber: number, line: string): string {
  return `${String(lineNumber).padStart(6)}\t${line}`
}
