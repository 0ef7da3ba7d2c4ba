/** A line terminator as it appears in a file; `''` only on a last line without one. */
export type LineEnding = '' | '\n' | '\r\n'

/** One line of a text file with its own terminator, so untouched lines are written back byte for byte. */
export interface FileLine {
  readonly text: string
  readonly eol: LineEnding
}

/** A text file split into lines. */
export interface FileLines {
  /** True when the file starts with a UTF-8 byte order mark (kept out of the first line's text). */
  readonly bom: boolean
  readonly lines: readonly FileLine[]
}

const bomChar = '\uFEFF'

/**
 * Splits text into lines, each keeping its terminator (`\n` or `\r\n`). An empty text has no
 * lines; a text ending with a terminator has no empty last line.
 */
export function splitLines(text: string): FileLines {
  const bom = text.startsWith(bomChar)
  const body = bom ? text.slice(1) : text
  const lines: FileLine[] = []
  let start = 0
  while (start < body.length) {
    const newline = body.indexOf('\n', start)
    if (newline === -1) {
      lines.push({ text: body.slice(start), eol: '' })
      break
    }
    const crlf = newline > start && body[newline - 1] === '\r'
    lines.push({ text: body.slice(start, crlf ? newline - 1 : newline), eol: crlf ? '\r\n' : '\n' })
    start = newline + 1
  }
  return { bom, lines }
}

/** Joins lines back into text (inverse of {@link splitLines}). */
export function joinLines(file: FileLines): string {
  return (file.bom ? bomChar : '') + file.lines.map((line) => line.text + line.eol).join('')
}

/** The terminator most lines use (`\r\n` only when it is the majority); `\n` for a file without any. */
export function dominantEol(lines: readonly FileLine[]): '\n' | '\r\n' {
  let crlf = 0
  let lf = 0
  for (const line of lines) {
    if (line.eol === '\r\n') crlf++
    else if (line.eol === '\n') lf++
  }
  return crlf > lf ? '\r\n' : '\n'
}

/** True when the text ends with a line terminator, or is empty (new content then gets one). */
export function endsWithNewline(file: FileLines): boolean {
  const last = file.lines.at(-1)
  return last === undefined || last.eol !== ''
}
