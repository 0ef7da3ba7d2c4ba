import { toLf } from './line-endings.js'

/** Where a text occurs: `[start, end)` in UTF-16 units of the searched text. */
export interface TextMatch {
  readonly start: number
  readonly end: number
}

/**
 * A search for the text a model wrote (`old_string`) in a file that may use CRLF: the model's line
 * breaks are `\n`, so each one matches `\r\n` as well as `\n`, and nothing else is loosened.
 */
export class LineBreakTolerantPattern {
  readonly #pattern: RegExp

  constructor(needle: string) {
    const lf = toLf(needle)
    const source = escapeRegExp(lf).replace(/\n/g, '\\r?\\n')
    // A needle that starts with a line break must not also match at the LF of a CRLF.
    this.#pattern = new RegExp(lf.startsWith('\n') ? `(?<!\\r)${source}` : source, 'g')
  }

  /** Every occurrence, overlapping ones included — what decides whether a match is unique. */
  all(haystack: string, stopAfter = Infinity): TextMatch[] {
    return this.#scan(haystack, stopAfter, true)
  }

  /** Occurrences left to right without overlaps — what `replace_all` replaces. */
  disjoint(haystack: string): TextMatch[] {
    return this.#scan(haystack, Infinity, false)
  }

  #scan(haystack: string, stopAfter: number, overlapping: boolean): TextMatch[] {
    const matches: TextMatch[] = []
    const pattern = this.#pattern
    pattern.lastIndex = 0
    for (
      let found = pattern.exec(haystack);
      found !== null && matches.length < stopAfter;
      found = pattern.exec(haystack)
    ) {
      const start = found.index
      const end = start + found[0].length
      matches.push({ start, end })
      pattern.lastIndex = overlapping ? start + 1 : Math.max(end, start + 1)
    }
    return matches
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
}
