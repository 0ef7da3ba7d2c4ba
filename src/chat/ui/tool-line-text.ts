import { formatCount } from '../../text/quantities.js'
import { renderDiff } from '../diff/render-diff.js'
import { style } from '../markdown/ansi-style.js'
import { cutToWidth } from '../markdown/fit-line.js'
import { visibleText } from '../markdown/visible-text.js'
import { collapsedLines, previewLines } from '../state/chat-reducer.js'
import { progressText } from './progress-text.js'
import type { ToolItem } from '../state/chat-state.js'

/** How the chat draws: columns, colour, and the time for elapsed figures. */
export interface ViewOptions {
  readonly width: number
  readonly color: boolean
}

const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
/** Diff lines shown under a call; the rest is counted. */
const diffLines = 20

/**
 * A call's one line: a mark (spinner while running, ✓ or ✗ after), the tool's own title (or the
 * alias with its arguments), and how long it ran or has been running, with what it last said.
 * @example toolLine(item, Date.now(), { width: 80, color: false }) // '✓ Roll 2d6 · 0.1 s'
 */
export function toolLine(item: ToolItem, now: number, options: ViewOptions): string {
  const s = style(options.color)
  const title = visibleText(item.title ?? genericTitle(item)).replace(/\s*\n\s*/g, ' ')
  const ended = item.result !== undefined
  const mark =
    item.result === undefined
      ? s.cyan(spinner[Math.floor(now / 100) % spinner.length] ?? '•')
      : item.result.isError
        ? s.red('✗')
        : s.green('✓')
  const elapsed = seconds((item.endedAt ?? now) - item.startedAt)
  const progress = !ended && item.progress !== undefined ? ` · ${progressText(item.progress)}` : ''
  return cutToWidth(`${mark} ${s.bold(title)}${s.dim(` · ${elapsed}${progress}`)}`, options.width)
}

/**
 * What is shown under an ended call: the tool's summary line, a diff of what it changed, or the
 * first lines of its output with how many more there are (Ctrl-O shows them all).
 */
export function toolResultLines(item: ToolItem, options: ViewOptions & { readonly expandable: boolean }): string {
  const { result } = item
  if (result === undefined) return ''
  const s = style(options.color)
  const inner = Math.max(10, options.width - 4)
  const lead = (text: string, index: number) => `${index === 0 ? '  ⎿ ' : '    '}${text}`
  const parts: string[] = []
  if (result.isError) {
    const first = visibleText(result.content).split('\n')
    const code = result.errorCode === undefined ? '' : `${result.errorCode}: `
    parts.push(...first.slice(0, 3).map((line, index) => s.red(cutToWidth(index === 0 ? code + line : line, inner))))
  } else if (result.summary !== undefined) parts.push(cutToWidth(visibleText(result.summary), inner))
  if (result.patch !== undefined && !result.isError) {
    parts.push(...renderDiff(result.patch, { color: options.color, width: inner, maxLines: diffLines }).split('\n'))
  } else if (!result.isError) {
    // Beside the tool's own summary a few lines do; alone, the output's first lines say what happened.
    const { head, total } = firstLines(
      withoutTrailingBreaks(result.content),
      result.summary === undefined ? collapsedLines : previewLines,
    )
    parts.push(...head.map((line) => s.dim(cutToWidth(visibleText(line), inner))))
    const more = total - head.length
    if (more > 0)
      parts.push(s.dim(`… ${formatCount(more)} more lines${options.expandable ? ' (Ctrl-O to expand)' : ''}`))
  }
  return parts
    .filter((line, index) => index > 0 || line !== '')
    .map(lead)
    .join('\n')
}

/** The first `count` lines of a text and how many it has, without splitting all of a long one. */
export function firstLines(text: string, count: number): { readonly head: string[]; readonly total: number } {
  const head: string[] = []
  let start = 0
  let total = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (head.length < count) head.push(text.slice(start, at))
    start = at + 1
    total += 1
  }
  if (head.length < count) head.push(text.slice(start))
  return { head, total }
}

/** The text without its trailing line breaks (a regex would scan all of a long output). */
function withoutTrailingBreaks(text: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === '\n') end -= 1
  return end === text.length ? text : text.slice(0, end)
}

/** `alias(arguments)` for a tool without its own title, the arguments on one line. */
function genericTitle(item: ToolItem): string {
  const args = item.rawArguments.trim()
  const compact = args === '' || args === '{}' ? '' : args.replace(/\s+/g, ' ')
  return `${item.alias}(${compact.length > 120 ? `${compact.slice(0, 119)}…` : compact})`
}

/** `0.4 s`, `12 s`, `2 min 5 s`. */
export function seconds(ms: number): string {
  const value = Math.max(0, ms) / 1000
  if (value < 10) return `${value.toFixed(1)} s`
  if (value < 60) return `${Math.floor(value)} s`
  return `${Math.floor(value / 60)} min ${Math.floor(value % 60)} s`
}
