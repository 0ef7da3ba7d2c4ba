import { cutAround } from './cut-line.js'
import { forEachMatchingLine, type LineMatcher, type MatchingLine } from './line-matcher.js'

/** Characters searched in one run of the expression; the time limit is checked between runs. */
const windowChars = 16 * 1024

/** How results are reported: lines, file names, or counts per file. */
export type SearchMode = 'content' | 'files_with_matches' | 'count'

/** A line to show: a matching line or a context line, already cut to length. */
export interface FoundLine {
  /** 1-based line number. */
  readonly line: number
  readonly text: string
  readonly isMatch: boolean
}

/** What one file's search looks for and keeps. */
export interface CollectOptions {
  readonly matcher: LineMatcher
  readonly mode: SearchMode
  /** Context lines before and after each kept match. */
  readonly before: number
  readonly after: number
  /** Matching lines to keep with their context; later ones are only counted. */
  readonly keep: number
  /** Longest shown line, in characters. */
  readonly lineChars: number
  /** performance.now() after which the file is given up as too slow to search. */
  readonly deadline: number
}

/**
 * Collects the matches of one file, fed as consecutive pieces that end at line breaks (the last
 * piece may not). Line numbers and context lines carry across pieces.
 */
export class MatchCollector {
  readonly #options: CollectOptions
  /** Matching lines found. */
  matches = 0
  readonly lines: FoundLine[] = []
  timedOut = false
  #kept = 0
  #afterLeft = 0
  #lastShown = 0
  /** Lines in the pieces already fed. */
  #linesBefore = 0
  /** The last `before` lines of earlier pieces, for context at the start of the next one. */
  #tail: FoundLine[] = []

  constructor(options: CollectOptions) {
    this.#options = options
  }

  /** True while line numbers are still needed: content mode with matches still to keep or context to show. */
  get #tracking(): boolean {
    return this.#options.mode === 'content' && (this.#kept < this.#options.keep || this.#afterLeft > 0)
  }

  /**
   * Feeds the next piece. Returns false when the rest of the file need not be read: a match was
   * found in files mode, or time ran out.
   */
  feed(bytes: Buffer, last: boolean): boolean {
    if (this.#afterLeft === 0 && this.#cannotMatch(bytes)) {
      // No match can be here; only line numbers and the tail need the piece.
      if (!last && this.#tracking) this.#skip(bytes)
      return !this.#timeUp()
    }
    const text = bytes.toString('utf8')
    // The expression runs over windows of whole lines, so the time limit is checked between them.
    let start = 0
    for (;;) {
      const newline = start + windowChars >= text.length ? -1 : text.indexOf('\n', start + windowChars)
      const end = newline === -1 ? text.length : newline + 1
      const lastWindow = end === text.length
      if (!this.#search(text.slice(start, end), last && lastWindow)) return false
      if (lastWindow) return true
      start = end
    }
  }

  /** True when the matcher's required text is nowhere in the piece. */
  #cannotMatch(bytes: Buffer): boolean {
    const { literal, anyCaseLiteral } = this.#options.matcher
    if (literal !== undefined) return bytes.indexOf(literal) === -1
    if (anyCaseLiteral !== undefined) return !anyCaseLiteral.test(bytes.toString('latin1'))
    return false
  }

  /**
   * Passes over a piece without matches that is not the file's last: its lines are counted on the
   * bytes, and only the lines kept for before-context are decoded.
   */
  #skip(bytes: Buffer): void {
    let tailStart = bytes.length
    for (let kept = 0; kept < this.#options.before && tailStart > 0; kept++)
      // (A negative start would count from the end.)
      tailStart = tailStart < 2 ? 0 : bytes.lastIndexOf(10, tailStart - 2) + 1
    for (let at = bytes.indexOf(10); at !== -1 && at < tailStart; at = bytes.indexOf(10, at + 1)) this.#linesBefore++
    if (tailStart < bytes.length) this.#advancePast(bytes.toString('utf8', tailStart))
  }

  /** Searches a run of whole lines; false to stop reading the file. */
  #search(text: string, last: boolean): boolean {
    const { matcher, mode } = this.#options
    const cursor = { offset: 0, line: this.#linesBefore + 1 }
    let stop = false
    forEachMatchingLine(text, matcher, (found) => {
      this.matches++
      if (mode === 'files_with_matches') {
        stop = true
        return false
      }
      if (this.#tracking) this.#record(text, found, cursor)
      // The clock is read every 256 matches (and after each window): reading it is not free.
      if ((this.matches & 255) === 0 && this.#timeUp()) stop = true
      return !stop
    })
    if (stop) return false
    if (!last && this.#tracking) this.#advancePast(text, cursor)
    else if (this.#afterLeft > 0) this.#moveTo(text, cursor, text.length)
    return !this.#timeUp()
  }

  #timeUp(): boolean {
    if (performance.now() > this.#options.deadline) this.timedOut = true
    return this.timedOut
  }

  /** Shows a matching line with the context lines before it, or only counts it past `keep`. */
  #record(text: string, found: MatchingLine, cursor: { offset: number; line: number }): void {
    this.#moveTo(text, cursor, found.lineStart)
    if (this.#kept < this.#options.keep) {
      this.#showBefore(text, found.lineStart, cursor.line)
      const line = text.slice(found.lineStart, found.lineEnd)
      this.#show(
        cursor.line,
        cutAround(line, found.matchStart - found.lineStart, found.matchEnd - found.lineStart, this.#options.lineChars),
        true,
      )
      this.#kept++
      this.#afterLeft = this.#options.after
    }
    const newline = text.indexOf('\n', found.lineEnd)
    cursor.offset = newline === -1 ? text.length : newline + 1
    cursor.line++
  }

  /** Moves the cursor to `offset` (a line start), showing pending after-context lines on the way. */
  #moveTo(text: string, cursor: { offset: number; line: number }, offset: number): void {
    while (cursor.offset < offset) {
      const newline = text.indexOf('\n', cursor.offset)
      const end = newline === -1 ? text.length : newline
      if (this.#afterLeft > 0) {
        this.#show(cursor.line, this.#contextText(text.slice(cursor.offset, end)), false)
        this.#afterLeft--
      }
      cursor.offset = end + 1
      cursor.line++
    }
  }

  #showBefore(text: string, lineStart: number, line: number): void {
    const first = Math.max(this.#lastShown + 1, line - this.#options.before)
    const lines: FoundLine[] = []
    let end = lineStart - 1
    for (let number = line - 1; number >= first && end >= 0; number--) {
      const start = end === 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1
      lines.unshift({ line: number, text: this.#contextText(text.slice(start, end)), isMatch: false })
      end = start - 1
    }
    const fromTail = this.#tail.filter((entry) => entry.line >= first && entry.line < (lines[0]?.line ?? line))
    for (const entry of [...fromTail, ...lines]) this.#show(entry.line, entry.text, false)
  }

  #show(line: number, text: string, isMatch: boolean): void {
    this.lines.push({ line, text, isMatch })
    this.#lastShown = line
  }

  #contextText(line: string): string {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line
    return cutAround(text, 0, 0, this.#options.lineChars)
  }

  /** Finishes a piece that is not the file's last: after-context, line count and tail. */
  #advancePast(text: string, cursor = { offset: 0, line: this.#linesBefore + 1 }): void {
    this.#moveTo(text, cursor, text.length)
    this.#linesBefore = cursor.line - 1
    const before = this.#options.before
    if (before === 0) return
    const lines: FoundLine[] = []
    let end = text.length - 1
    for (let number = this.#linesBefore; lines.length < before && end >= 0; number--) {
      const start = end === 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1
      lines.unshift({ line: number, text: this.#contextText(text.slice(start, end)), isMatch: false })
      end = start - 1
    }
    this.#tail = [...this.#tail, ...lines].slice(-before)
  }
}
