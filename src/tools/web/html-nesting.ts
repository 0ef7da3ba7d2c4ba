/** Elements without content: they never open a level. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

/** Elements whose end tag may be left out: the parser closes them, so an unclosed one does not nest. */
const optionalEnd = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'rt',
  'rp',
  'colgroup',
  'caption',
  'html',
  'head',
  'body',
])

/** Elements whose content is text, not markup. */
const rawText = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext'])

/**
 * How deep the elements of an HTML text nest, found in one linear pass over the tags without
 * building a DOM, stopping once the depth passes `limit`. An estimate good enough to refuse
 * hostile pages before parsing them: parsing thousands of nested elements takes time that grows
 * with the square of the depth, and converting them exhausts the stack.
 *
 * @example htmlNestingDepth('<div><p>a<p>b</div>') // 1
 */
export function htmlNestingDepth(html: string, limit = Number.POSITIVE_INFINITY): number {
  const lower = html.toLowerCase()
  let depth = 0
  let deepest = 0
  let at = lower.indexOf('<')
  while (at !== -1 && deepest <= limit) {
    let next: number
    if (lower.startsWith('<!--', at)) {
      next = lower.indexOf('-->', at + 4)
      next = next === -1 ? -1 : next + 3
    } else {
      const close = lower[at + 1] === '/'
      const name = /^[a-z][a-z0-9:-]*/.exec(lower.slice(close ? at + 2 : at + 1, at + 66))?.[0]
      const end = lower.indexOf('>', at + 1)
      next = end === -1 ? -1 : end + 1
      if (name !== undefined && !voidElements.has(name) && !optionalEnd.has(name)) {
        if (close) depth = Math.max(0, depth - 1)
        else if (lower[end - 1] !== '/') {
          depth++
          deepest = Math.max(deepest, depth)
          if (rawText.has(name) && end !== -1) {
            const closing = lower.indexOf(`</${name}`, end)
            next = closing === -1 ? -1 : closing
          }
        }
      }
    }
    at = next === -1 ? -1 : lower.indexOf('<', next)
  }
  return deepest
}
