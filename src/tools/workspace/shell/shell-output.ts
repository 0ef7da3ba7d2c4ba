import { fillText, loadText } from '../../../text/model-text.js'
import { formatCount } from '../../../text/quantities.js'

/** Characters of a shell result the model sees inline; longer output is shown as head and tail. */
export const SHELL_INLINE_CHAR_LIMIT = 30_000

/** How far (in characters) a cut may move to fall on a line break. */
const LINE_SNAP = 2_000

const texts = {
  cut: loadText(import.meta.url, 'texts/cut.txt'),
  cutWithPath: loadText(import.meta.url, 'texts/cut-with-path.txt'),
}

/**
 * Makes command output safe to hand to a model as text: control characters other than tab, line
 * feed and carriage return become their visible Unicode control pictures (NUL → ␀, ESC → ␛, DEL →
 * ␡), and unpaired surrogates become U+FFFD. Bytes that were not UTF-8 arrive from just-bash as
 * Latin-1 characters and stay so.
 */
export function cleanShellOutput(output: string): string {
  return (
    output
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (char) =>
        String.fromCharCode(char === '\u007f' ? 0x2421 : 0x2400 + char.charCodeAt(0)),
      )
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  )
}

/** The full text of a shell result: the exit code line, then the output. */
export function formatShellResult(exitCode: number, output: string): string {
  return `Exit code: ${exitCode}\n${output === '' ? '(no output)' : output}`
}

/**
 * The inline form of a shell result: `text` itself when it has at most `limit` characters, else its
 * head and tail (cut at line breaks where one is near) around a marker saying how much was cut and,
 * given `fullOutputPath`, where the full text is. The result never exceeds `limit` characters.
 *
 * The host gives the model this form for long results: it stores the full text as it externalizes
 * any long result and passes the stored file's workspace path here.
 * @throws RangeError when `limit` is below 200
 * @example shellOutputText(longText, SHELL_INLINE_CHAR_LIMIT, 'tool-results/inv_1/round-002-call_ab12.txt')
 */
export function shellOutputText(
  text: string,
  limit: number = SHELL_INLINE_CHAR_LIMIT,
  fullOutputPath?: string,
): string {
  if (!Number.isSafeInteger(limit) || limit < 200)
    throw new RangeError(`limit must be an integer of at least 200, got ${limit}`)
  if (text.length <= limit) return text
  const marker = (count: number) =>
    fullOutputPath === undefined
      ? fillText(texts.cut, { count: formatCount(count) })
      : fillText(texts.cutWithPath, { count: formatCount(count), path: fullOutputPath })
  // Sized for the largest count the marker could show, so the result stays within the limit.
  const budget = limit - marker(text.length).length - 2
  if (budget < 2) return marker(text.length).slice(0, limit)
  const head = headOf(text, Math.ceil(budget / 2))
  const tail = tailOf(text, budget - Math.ceil(budget / 2))
  const cut = text.length - head.length - tail.length
  return `${head}${head.endsWith('\n') ? '' : '\n'}${marker(cut)}\n${tail}`
}

/** The first `size` characters of `text`, ending after a line break when one is near the end. */
function headOf(text: string, size: number): string {
  let head = text.slice(0, size)
  const lineEnd = head.lastIndexOf('\n')
  if (lineEnd >= 0 && head.length - lineEnd <= Math.min(LINE_SNAP, size / 4)) head = head.slice(0, lineEnd + 1)
  // Never end between the two halves of a surrogate pair.
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head
}

/** The last `size` characters of `text`, starting after a line break when one is near the start. */
function tailOf(text: string, size: number): string {
  let tail = text.slice(text.length - size)
  const lineStart = tail.indexOf('\n')
  if (lineStart >= 0 && lineStart < Math.min(LINE_SNAP, size / 4)) tail = tail.slice(lineStart + 1)
  return /^[\udc00-\udfff]/.test(tail) ? tail.slice(1) : tail
}

/** A call's time limit as the model reads it: `30 s`, or `1500 ms` when not whole seconds. */
export function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}
