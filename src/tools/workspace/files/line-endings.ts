/** How lines end in a text: `\r\n` or `\n`. */
export type LineEnding = '\r\n' | '\n'

/**
 * The line ending most lines of `text` use: CRLF when at least half of its line breaks are CRLF,
 * else LF (also for text without line breaks).
 */
export function dominantLineEnding(text: string): LineEnding {
  let crlf = 0
  let lf = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++
    else lf++
  }
  return crlf > 0 && crlf >= lf ? '\r\n' : '\n'
}

/** Turns every CRLF into LF; lone CRs stay. */
export function toLf(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text
}

/** Writes the LF line breaks of `text` (which has no CRLF) with `ending`. */
export function withLineEnding(text: string, ending: LineEnding): string {
  return ending === '\n' ? text : text.replace(/\n/g, '\r\n')
}

/**
 * Text the model wrote for a file whose lines end with `ending`: models write `\n`, so text without
 * any CR gets the file's endings; text that already has CRs is taken as the model meant it.
 */
export function adoptLineEnding(text: string, ending: LineEnding): string {
  return ending === '\r\n' && !text.includes('\r') ? withLineEnding(text, ending) : text
}

/** The number of lines of a text: a final line break ends the last line rather than starting one. */
export function countLines(text: string): number {
  if (text === '') return 0
  let breaks = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks++
  return text.endsWith('\n') ? breaks : breaks + 1
}
