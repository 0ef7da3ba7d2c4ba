import { fillText, loadText } from '../../text/model-text.js'
import { htmlNestingDepth } from './html-nesting.js'

const texts = { notConverted: loadText(import.meta.url, 'texts/not-converted.txt') }

/**
 * The deepest nesting of elements converted. Real pages stay far below; beyond it parsing grows
 * slow (time goes with the square of the depth) and conversion runs out of stack.
 */
export const maxHtmlNesting = 800

/** How a response body is read: converted from HTML, pretty-printed JSON, other text, or refused. */
export type BodyKind = 'html' | 'json' | 'text' | 'binary' | 'unknown'

/** The output formats web.fetch offers. */
export type PageFormat = 'markdown' | 'text' | 'html'

const textualApplicationTypes = new Set([
  'javascript',
  'ecmascript',
  'x-javascript',
  'typescript',
  'xml',
  'yaml',
  'x-yaml',
  'toml',
  'sql',
  'graphql',
  'x-sh',
  'x-httpd-php',
  'x-www-form-urlencoded',
  'csv',
  'rtf',
  'x-ndjson',
])

/** The media type of a Content-Type header, lower-cased, without parameters (`''` when absent). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

/**
 * How to treat a body by its Content-Type. `unknown` (no type, or `application/octet-stream`) is
 * decided later from the bytes by {@link looksBinary}.
 */
export function bodyKind(contentType: string | undefined): BodyKind {
  const type = mediaType(contentType)
  if (type === '' || type === 'application/octet-stream') return 'unknown'
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html'
  if (type === 'application/json' || type.endsWith('+json')) return 'json'
  if (type.startsWith('text/') || type.endsWith('+xml')) return 'text'
  const [top, sub = ''] = type.split('/')
  if (top === 'application' && textualApplicationTypes.has(sub)) return 'text'
  return 'binary'
}

/** True when bytes of an untyped body look binary (a NUL byte in the first 8 KiB, as Git decides). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0)
}

/**
 * Decodes a text body: a byte-order mark wins, then the Content-Type charset, then for HTML a
 * `<meta charset>` near the top, then UTF-8. Labels Node does not know fall back to UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined, kind: BodyKind): string {
  const label =
    bomCharset(bytes) ?? headerCharset(contentType) ?? (kind === 'html' ? metaCharset(bytes) : undefined) ?? 'utf-8'
  try {
    return new TextDecoder(label).decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

/**
 * The text a model gets for a decoded body: HTML as Markdown or plain text (or as it is for
 * `html`), JSON pretty-printed (as it is when it does not parse, or for `html`), other text as it is.
 */
export async function renderPage(text: string, kind: BodyKind, format: PageFormat, finalUrl: string): Promise<string> {
  if (kind === 'html' && format !== 'html') {
    const notConverted = (reason: string) => `${fillText(texts.notConverted, { format, reason })}\n\n${text}`
    if (htmlNestingDepth(text, maxHtmlNesting) > maxHtmlNesting)
      return notConverted(`its elements nest more than ${maxHtmlNesting} deep`)
    // The HTML converter (turndown and its DOM parser) loads with the first page to convert. Outside
    // the try: a converter that cannot load is a broken install, not a page that could not be converted.
    const { htmlToMarkdown, htmlToText } = await import('./html-to-markdown.js')
    try {
      return format === 'markdown' ? htmlToMarkdown(text, finalUrl) : htmlToText(text)
    } catch (error) {
      // Hostile markup the nesting check lets through must not end the run either.
      return notConverted(error instanceof Error ? error.message : String(error))
    }
  }
  if (kind === 'json' && format !== 'html') return prettyJson(text)
  return text
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text // not valid JSON (or cut short): show it as sent
  }
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return undefined
}

function headerCharset(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')
  return match?.[1]?.toLowerCase()
}

function metaCharset(bytes: Uint8Array): string | undefined {
  // The HTML standard prescans the first 1024 bytes; ASCII-compatible decoding is enough to find the tag.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024))
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)
  return match?.[1]?.toLowerCase()
}
