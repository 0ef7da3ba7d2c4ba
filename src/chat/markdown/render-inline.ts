import type { Token, Tokens } from 'marked'
import type { AnsiStyle } from './ansi-style.js'
import { markdownTexts } from './texts.js'
import { visibleText } from './visible-text.js'

const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
const entity = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);/g

/**
 * Text from a Markdown token made safe to print, its HTML entities decoded (`&amp;` → `&`). The
 * lexer decodes numeric entities itself, so what a token holds is made visible again here:
 * `&#27;` must not become a real escape.
 * @example decodeEntities('a &amp; b &#27;') // 'a & b <U+001B>'
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return visibleText(text)
  const decoded = text.replace(entity, (whole, body: string) => {
    if (!body.startsWith('#')) return named[body] ?? whole
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
  })
  return visibleText(decoded)
}

/** The options inline rendering needs: the styles and whether colour is on. */
export interface InlineOptions {
  readonly s: AnsiStyle
  readonly color: boolean
}

/**
 * Inline Markdown tokens as one styled string (soft line breaks become spaces, hard ones `\n`).
 * @example renderInline(marked.lexInline('**a**'), { s: style(false), color: false }) // 'a'
 */
export function renderInline(tokens: readonly Token[] | undefined, options: InlineOptions): string {
  if (tokens === undefined) return ''
  let out = ''
  for (const token of tokens) out += renderToken(token, options)
  return out
}

function renderToken(token: Token, options: InlineOptions): string {
  const { s } = options
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text
      if (text.tokens !== undefined && text.tokens.length > 0) return renderInline(text.tokens, options)
      return softBreaks(decodeEntities(text.text))
    }
    case 'escape':
      return visibleText(token.text as string)
    case 'strong':
      return s.bold(renderInline((token as Tokens.Strong).tokens, options))
    case 'em':
      return s.italic(renderInline((token as Tokens.Em).tokens, options))
    case 'del':
      return s.dim(renderInline((token as Tokens.Del).tokens, options))
    case 'codespan': {
      // Entities in code are literal text.
      const code = visibleText((token as Tokens.Codespan).text)
      // Without colour the backticks are what tells code from prose.
      return options.color ? s.yellow(code) : `\`${code}\``
    }
    case 'br':
      return '\n'
    case 'link':
      return renderLink(token as Tokens.Link, options)
    case 'image': {
      const image = token as Tokens.Image
      const alt = decodeEntities(image.text)
      return `[${markdownTexts.image}: ${alt}] (${s.dim(visibleText(image.href))})`
    }
    case 'checkbox':
      // The list item draws the box from its own `checked`.
      return ''
    case 'html':
      return softBreaks(visibleText(token.text as string))
    default:
      return 'tokens' in token && Array.isArray(token.tokens)
        ? renderInline(token.tokens as Token[], options)
        : softBreaks(decodeEntities(typeof token.raw === 'string' ? token.raw : ''))
  }
}

function renderLink(link: Tokens.Link, options: InlineOptions): string {
  const label = renderInline(link.tokens, options)
  const text = decodeEntities(link.text)
  // A bare URL or e-mail address is already its own target: shown as written.
  if (text === link.href || `mailto:${text}` === link.href) return label
  return `${label} (${options.s.dim(visibleText(link.href))})`
}

function softBreaks(text: string): string {
  return text.includes('\n') ? text.replace(/ *\n */g, ' ') : text
}
