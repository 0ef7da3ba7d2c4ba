import TurndownService from 'turndown'
import { markdownTables } from './markdown-tables.js'

/** The parts of a parsed DOM node the conversion rules look at. */
interface DomNode {
  readonly nodeName: string
  readonly parentNode: DomNode | null
  getAttribute?(name: string): string | null
}

/** Turndown types its nodes by whichever DOM typings the program loads; the rules read only {@link DomNode}. */
const dom = (node: unknown): DomNode => node as DomNode

/** Elements that never carry the page's content. */
const noiseElements = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'CANVAS',
  'NAV',
  'BUTTON',
  'SELECT',
  'INPUT',
  'TEXTAREA',
  'DIALOG',
  'LINK',
  'META',
])
/** Page chrome, dropped unless it sits inside the article or main content. */
const chromeElements = new Set(['HEADER', 'FOOTER', 'ASIDE'])

/**
 * Converts an HTML page to Markdown for a model: scripts, styles, navigation and page chrome are
 * dropped, the `<title>` becomes a top heading, and links and images are made absolute against
 * `baseUrl` (the page's final URL) so they can be fetched next. `data:` images keep only their alt text.
 */
export function htmlToMarkdown(html: string, baseUrl: string): string {
  return tidy(markdownService(baseUrl).turndown(html))
}

/** Converts an HTML page to plain text: the same content as {@link htmlToMarkdown}, without markup. */
export function htmlToText(html: string): string {
  return tidy(textService().turndown(html))
}

function markdownService(baseUrl: string): TurndownService {
  const service = base({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' })
  service.use(markdownTables)
  service.addRule('title', {
    filter: (node) => isTitle(dom(node)),
    replacement: (content) => `\n\n# ${oneLine(content)}\n\n`,
  })
  service.addRule('link', {
    filter: (node) => dom(node).nodeName === 'A' && (dom(node).getAttribute?.('href') ?? '') !== '',
    replacement: (content, node) => {
      const href = absolute(dom(node).getAttribute?.('href') ?? '', baseUrl)
      const text = content.trim()
      if (href === undefined || text === '') return content
      return `[${text}](${href})`
    },
  })
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = oneLine(dom(node).getAttribute?.('alt') ?? '').replace(/[[\]]/g, '')
      const src = absolute(dom(node).getAttribute?.('src') ?? '', baseUrl)
      return src === undefined ? alt : `![${alt}](${src})`
    },
  })
  return service
}

function textService(): TurndownService {
  const service = base({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
  // Plain text needs no Markdown escaping.
  service.escape = (text: string) => text
  service.addRule('title', {
    filter: (node) => isTitle(dom(node)),
    replacement: (content) => `\n\n${oneLine(content)}\n\n`,
  })
  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content) => `\n\n${oneLine(content)}\n\n`,
  })
  service.addRule('inline', {
    filter: ['a', 'strong', 'b', 'em', 'i', 'code', 'del', 's', 'u'],
    replacement: (content) => content,
  })
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => oneLine(dom(node).getAttribute?.('alt') ?? ''),
  })
  return service
}

function base(options: TurndownService.Options): TurndownService {
  const service = new TurndownService(options)
  service.addRule('noise', { filter: (node) => isNoise(dom(node)), replacement: () => '' })
  return service
}

function isNoise(node: DomNode): boolean {
  // SVG elements keep their lower-case names.
  const name = node.nodeName.toUpperCase()
  if (noiseElements.has(name)) return true
  if ((node.getAttribute?.('hidden') ?? null) !== null || node.getAttribute?.('aria-hidden') === 'true') return true
  if (node.getAttribute?.('role') === 'navigation') return true
  return chromeElements.has(name) && !hasAncestor(node, ['ARTICLE', 'MAIN'])
}

function isTitle(node: DomNode): boolean {
  return node.nodeName === 'TITLE'
}

function hasAncestor(node: DomNode, names: readonly string[]): boolean {
  for (let parent = node.parentNode; parent !== null; parent = parent.parentNode) {
    if (names.includes(parent.nodeName)) return true
  }
  return false
}

/** An absolute http(s) or mailto URL for a link target, or `undefined` for targets a model cannot follow. */
function absolute(target: string, baseUrl: string): string | undefined {
  try {
    const url = new URL(target.trim(), baseUrl)
    if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return undefined
    // Parentheses and spaces would end a Markdown link early.
    return url.href.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  } catch {
    return undefined
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
