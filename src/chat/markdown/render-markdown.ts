import { Lexer, type Token, type Tokens } from 'marked'
import wrapAnsi from 'wrap-ansi'
import { style, type AnsiStyle } from './ansi-style.js'
import { cutToWidth, expandTabs } from './fit-line.js'
import { decodeEntities, renderInline, type InlineOptions } from './render-inline.js'
import { renderTable } from './render-table.js'
import { visibleText } from './visible-text.js'

/** How Markdown is drawn: the terminal's width in columns and whether to use colour. */
export interface MarkdownOptions {
  readonly width: number
  readonly color: boolean
}

/** One output line; code lines are kept whole even when wider than the terminal. */
interface Line {
  readonly text: string
  readonly code: boolean
}

interface Context extends InlineOptions {
  readonly listDepth: number
}

const bullets = ['•', '◦', '▪']

/**
 * Markdown drawn for a terminal: headings, wrapped paragraphs, emphasis, code, lists, task
 * items, quotes, links, images, box-drawn tables and rules, in at most `width` columns per line
 * (code lines excepted). The text's own control and bidi characters are made visible first
 * (`visibleText`), so only the renderer's escapes reach the terminal.
 * @example
 * renderMarkdown('# Title\n\nSome **bold** text.', { width: 40, color: false })
 * // 'Title\n\nSome bold text.'
 */
export function renderMarkdown(text: string, options: MarkdownOptions): string {
  const width = Math.max(1, Math.floor(options.width))
  const tokens = new Lexer({ gfm: true }).lex(visibleText(text))
  const ctx: Context = { s: style(options.color), color: options.color, listDepth: 0 }
  return blocks(tokens, width, ctx, true)
    .map((line) => (line.code ? line.text : cutToWidth(line.text, width)))
    .join('\n')
}

function blocks(tokens: readonly Token[], width: number, ctx: Context, loose: boolean): Line[] {
  const out: Line[] = []
  for (const token of tokens) {
    const lines = block(token, width, ctx)
    if (lines.length === 0) continue
    if (loose && out.length > 0) out.push({ text: '', code: false })
    out.push(...lines)
  }
  return out
}

function block(token: Token, width: number, ctx: Context): Line[] {
  const { s } = ctx
  switch (token.type) {
    case 'space':
    case 'def':
      return []
    case 'heading': {
      const heading = token as Tokens.Heading
      return wrap(headingPaint(heading.depth, s)(renderInline(heading.tokens, ctx)), width)
    }
    case 'paragraph':
    case 'text': {
      const { tokens } = token as Tokens.Paragraph | Tokens.Text
      return wrap(tokens !== undefined ? renderInline(tokens, ctx) : decodeEntities(token.raw), width)
    }
    case 'code':
      return codeBlock(token as Tokens.Code, s)
    case 'list':
      return list(token as Tokens.List, width, ctx)
    case 'blockquote': {
      const inner = blocks((token as Tokens.Blockquote).tokens, Math.max(1, width - 2), ctx, true)
      return inner.map((line) => ({ ...line, text: line.text === '' ? s.dim('│') : s.dim('│ ') + line.text }))
    }
    case 'table':
      return renderTable(token as Tokens.Table, width, ctx).map((text) => ({ text, code: false }))
    case 'hr':
      return [{ text: s.dim('─'.repeat(width)), code: false }]
    case 'html':
      return visibleText(token.text)
        .replace(/\n+$/, '')
        .split('\n')
        .flatMap((line: string) => wrap(line, width))
    default:
      return wrap(visibleText(token.raw).replace(/\n+$/, ''), width)
  }
}

function headingPaint(depth: number, s: AnsiStyle): (text: string) => string {
  const colour = depth === 1 ? s.magenta : depth === 2 ? s.cyan : depth === 3 ? s.blue : (text: string) => text
  return (text) => s.bold(colour(text))
}

function wrap(text: string, width: number): Line[] {
  if (text === '') return []
  return wrapAnsi(expandTabs(text), Math.max(1, width), { hard: true })
    .split('\n')
    .map((line) => ({ text: line, code: false }))
}

function codeBlock(code: Tokens.Code, s: AnsiStyle): Line[] {
  const lines: Line[] = []
  const lang =
    visibleText(code.lang ?? '')
      .trim()
      .split(/\s+/)[0] ?? ''
  if (lang !== '') lines.push({ text: `  ${s.dim(lang)}`, code: false })
  const body = expandTabs(visibleText(code.text).replace(/\n+$/, ''))
  for (const line of body.split('\n')) lines.push({ text: `  ${s.dim('│')} ${line}`.trimEnd(), code: true })
  return lines
}

function list(token: Tokens.List, width: number, ctx: Context): Line[] {
  const { s } = ctx
  const start = typeof token.start === 'number' ? token.start : 1
  const markers = token.items.map((_, i) =>
    token.ordered ? `${start + i}.` : (bullets[ctx.listDepth % bullets.length] ?? '•'),
  )
  const markerWidth = Math.max(...markers.map((marker) => marker.length)) + 1
  const inner: Context = { ...ctx, listDepth: ctx.listDepth + 1 }
  const out: Line[] = []
  token.items.forEach((item, i) => {
    if (token.loose && i > 0) out.push({ text: '', code: false })
    const box = item.task ? (item.checked === true ? `[${s.green('x')}] ` : '[ ] ') : ''
    const itemWidth = Math.max(1, width - markerWidth - (box === '' ? 0 : 4))
    // The box is drawn from `checked`; marked also gives it as a token of its own.
    const content = item.tokens.filter((child) => child.type !== 'checkbox')
    const body = blocks(content, itemWidth, inner, token.loose)
    if (body.length === 0) body.push({ text: '', code: false })
    const marker = (markers[i] ?? '').padEnd(markerWidth)
    const lead = token.ordered ? marker : s.dim(marker)
    body.forEach((line, k) => {
      const prefix = k === 0 ? lead + box : ' '.repeat(markerWidth + (box === '' ? 0 : 4))
      out.push({ ...line, text: line.text === '' ? '' : prefix + line.text })
    })
  })
  return out
}
