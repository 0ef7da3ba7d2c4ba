import { fileToolLimits } from './limits.js'
import { codePointLength, cutLine, numberLine } from './numbered-lines.js'

/** Why a window ended: the file ended, or a bound was reached. */
export type WindowStop = 'end' | 'limit' | 'lines' | 'chars' | 'bytes'

/** The numbered lines one read returns. */
export interface ReadWindow {
  /** The numbered lines, joined with `\n`. */
  readonly text: string
  /** First and last line shown, 1-based. */
  readonly first: number
  readonly last: number
  readonly stop: WindowStop
  /** Lines of the window cut at {@link fileToolLimits.maxLineChars}. */
  readonly cutLines: number
}

/**
 * Takes lines from `offset` (1-based, at most `lines.length`) until the file ends, `limit` lines
 * are taken, or the next line would pass a bound of {@link fileToolLimits}: lines, characters or
 * UTF-8 bytes of numbered output (line breaks between lines included).
 */
export function readWindow(lines: readonly string[], offset: number, limit?: number): ReadWindow {
  const rendered: string[] = []
  let chars = 0
  let bytes = 0
  let cutLines = 0
  let stop: WindowStop = 'end'
  for (let index = offset - 1; index < lines.length; index++) {
    if (limit !== undefined && rendered.length >= limit) {
      stop = 'limit'
      break
    }
    if (rendered.length >= fileToolLimits.maxLines) {
      stop = 'lines'
      break
    }
    const { text, cut } = cutLine(lines[index] ?? '')
    const line = numberLine(index + 1, text)
    const separator = rendered.length === 0 ? 0 : 1
    const lineChars = codePointLength(line) + separator
    const lineBytes = Buffer.byteLength(line, 'utf8') + separator
    // The first line always fits: a cut line is far below every bound.
    if (rendered.length > 0 && chars + lineChars > fileToolLimits.maxChars) {
      stop = 'chars'
      break
    }
    if (rendered.length > 0 && bytes + lineBytes > fileToolLimits.maxBytes) {
      stop = 'bytes'
      break
    }
    rendered.push(line)
    chars += lineChars
    bytes += lineBytes
    if (cut) cutLines++
  }
  return { text: rendered.join('\n'), first: offset, last: offset + rendered.length - 1, stop, cutLines }
}
