/** Marks where a line was cut. */
export const cutMark = '…'

/**
 * Cuts a line to at most `max` characters (cut marks included) so that the span `[start, end)` —
 * a match — stays visible: centred when the line is long, from its start when the match itself is
 * longer than the room. Never splits a surrogate pair.
 * @example cutAround('x'.repeat(1000) + 'needle', 1000, 1006, 20) // '…' + 13 × 'x' + 'needle'
 */
export function cutAround(line: string, start: number, end: number, max = 300): string {
  if (line.length <= max) return line
  const room = max - 2 * cutMark.length
  const span = Math.min(end - start, room)
  let from = Math.max(0, start - Math.floor((room - span) / 2))
  let to = Math.min(line.length, from + room)
  from = Math.max(0, to - room)
  // Without a mark on one side, that side's room goes to the text.
  if (from === 0) to = Math.min(line.length, max - cutMark.length)
  else if (to === line.length) from = line.length - (max - cutMark.length)
  if (from > 0 && isLowSurrogate(line.charCodeAt(from))) from++
  if (to < line.length && isLowSurrogate(line.charCodeAt(to))) to--
  return `${from > 0 ? cutMark : ''}${line.slice(from, to)}${to < line.length ? cutMark : ''}`
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
