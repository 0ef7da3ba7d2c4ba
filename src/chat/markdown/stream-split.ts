/** Markdown still arriving, cut where the finished blocks end. */
export interface StreamSplit {
  /** Complete top-level blocks: drawn once, never changes as more text arrives. */
  readonly done: string
  /** The rest, drawn again on every delta; may be `''`. */
  readonly pending: string
}

const fence = /^( *)(`{3,}|~{3,})(.*)$/

/**
 * Splits streaming Markdown into the longest prefix of complete top-level blocks and the rest, so
 * that only the rest is drawn again. A prefix ends after a blank line outside a fenced code block
 * once the next line has begun at the margin (an indented line may still belong to a list item or
 * an indented code block), or after the closing line of a fence opened at the margin.
 * `done + pending === text` always.
 * @example
 * splitStreamingMarkdown('# Title\n\nSome te') // { done: '# Title\n\n', pending: 'Some te' }
 */
export function splitStreamingMarkdown(text: string): StreamSplit {
  let cut = 0
  let open: { readonly marker: string; readonly indent: number } | undefined
  let blankEnd = -1 // where the last blank line ended, while only blank lines followed it
  let start = 0
  while (start < text.length) {
    const newline = text.indexOf('\n', start)
    // The last line is still being written: it can close nothing yet, but it can show that a new
    // block has begun at the margin.
    const complete = newline !== -1
    const end = complete ? newline + 1 : text.length
    const line = text.slice(start, complete ? newline : end).replace(/\r$/, '')
    const blank = line.trim() === ''
    if (open !== undefined) {
      const closing = fence.exec(line)
      if (complete && closing?.[2] !== undefined && closeFence(open.marker, closing[2], closing[3] ?? '')) {
        if (open.indent === 0) cut = end
        open = undefined
      }
    } else if (blank) {
      if (complete) blankEnd = end
    } else {
      if (blankEnd !== -1 && !/^\s/.test(line)) cut = blankEnd
      const opening = fence.exec(line)
      if (complete && opening?.[2] !== undefined && !(opening[2][0] === '`' && (opening[3] ?? '').includes('`'))) {
        open = { marker: opening[2], indent: opening[1]?.length ?? 0 }
      }
    }
    if (!blank) blankEnd = -1
    start = end
  }
  return { done: text.slice(0, cut), pending: text.slice(cut) }
}

function closeFence(marker: string, candidate: string, rest: string): boolean {
  return candidate[0] === marker[0] && candidate.length >= marker.length && rest.trim() === ''
}
