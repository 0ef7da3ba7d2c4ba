import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { regexSizeProblem } from './regex-limits.js'
import { anyCaseLiteral, requiredLiteral } from './required-literal.js'

const invalidText = loadText(import.meta.url, 'texts/invalid-pattern.txt')

/** A compiled search pattern. Matches are line-based: a match never spans a line break. */
export interface LineMatcher {
  readonly pattern: string
  /** Bytes every matching line contains (case-sensitive patterns only), for a quick check on raw file bytes. */
  readonly literal: Buffer | undefined
  /** The same text as a string, to skip in decoded text to the next line that may match. */
  readonly literalText: string | undefined
  /**
   * Text every matching line contains in some letter case (case-insensitive patterns only), as a
   * pattern over raw file bytes read as Latin-1, for the same quick check.
   */
  readonly anyCaseLiteral: RegExp | undefined
  /** Runs over many lines at once (flags `g` and `m`), so lines without a match cost no per-line work. */
  readonly scan: RegExp
  /** Runs on one line, to confirm a match that the scan found across a line break. */
  readonly line: RegExp
}

/**
 * Compiles a JavaScript regular expression. Unicode mode is tried first (for `\p{…}` and whole
 * code points); a pattern that is valid only without it (such as `a{` or `\-`) is used without it.
 * @throws ToolError `search.invalid_pattern` naming the problem, also for patterns past `regexLimits`
 */
export function compileMatcher(pattern: string, caseInsensitive: boolean): LineMatcher {
  const invalid = (reason: string) =>
    new ToolError('search.invalid_pattern', fillText(invalidText, { pattern: shownPath(pattern), reason }))
  const problem = regexSizeProblem(pattern)
  if (problem !== undefined) throw invalid(problem)
  const flags = caseInsensitive ? 'i' : ''
  let unicode = 'u'
  try {
    new RegExp(pattern, `${flags}u`)
  } catch {
    unicode = ''
    try {
      new RegExp(pattern, flags)
    } catch (error) {
      const reason = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')
      throw invalid(reason)
    }
  }
  const literal = requiredLiteral(pattern)
  return {
    pattern,
    literal: literal === undefined || caseInsensitive ? undefined : Buffer.from(literal, 'latin1'),
    literalText: caseInsensitive ? undefined : literal,
    anyCaseLiteral: literal === undefined || !caseInsensitive ? undefined : anyCaseLiteral(literal),
    scan: new RegExp(pattern, `gm${flags}${unicode}`),
    line: new RegExp(pattern, `m${flags}${unicode}`),
  }
}

/** A line of a text that contains a match: offsets into the text. `lineEnd` excludes the line break and a `\r` before it. */
export interface MatchingLine {
  readonly lineStart: number
  readonly lineEnd: number
  readonly matchStart: number
  readonly matchEnd: number
}

/**
 * Calls `visit` for each line of `text` (lines end at `\n`) that contains a match, in order, until
 * it returns false. Synchronous, so one matcher can serve several files in turn.
 */
export function forEachMatchingLine(text: string, matcher: LineMatcher, visit: (line: MatchingLine) => boolean): void {
  const { scan, literalText } = matcher
  scan.lastIndex = 0
  while (scan.lastIndex <= text.length) {
    if (literalText !== undefined) {
      // No line before the one holding the literal's next occurrence can match: the expression
      // starts at that line (String indexOf outruns the expression's own scan by far).
      const next = text.indexOf(literalText, scan.lastIndex)
      if (next === -1) return
      const lineStart = next === 0 ? 0 : text.lastIndexOf('\n', next - 1) + 1
      if (lineStart > scan.lastIndex) scan.lastIndex = lineStart
    }
    const found = scan.exec(text)
    if (found === null) return
    const at = found.index
    // A match at a line break belongs to the line it ends.
    const lineStart = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1
    // Past the last line break there is no line left (the text ends with one, or is empty).
    if (lineStart >= text.length) return
    const newline = text.indexOf('\n', at)
    const breakAt = newline === -1 ? text.length : newline
    const lineEnd = breakAt > lineStart && text.charCodeAt(breakAt - 1) === 13 ? breakAt - 1 : breakAt
    let matchStart = at
    let matchEnd = at + found[0].length
    let matched = matchEnd <= lineEnd
    if (!matched) {
      // The match ran past the end of the line; look for one within the line alone.
      const inLine = matcher.line.exec(text.slice(lineStart, lineEnd))
      if (inLine !== null) {
        matched = true
        matchStart = lineStart + inLine.index
        matchEnd = matchStart + inLine[0].length
      }
    }
    if (matched && !visit({ lineStart, lineEnd, matchStart, matchEnd })) return
    scan.lastIndex = breakAt + 1
  }
}
