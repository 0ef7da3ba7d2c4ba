const named: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
}

/**
 * Text of a search service made plain: HTML tags dropped (services mark matches with `<strong>`),
 * entities decoded, whitespace collapsed, and cut at a word boundary after `max` characters.
 * @example plainSnippet('<strong>Node</strong> &amp; Deno\n docs', 100) // 'Node & Deno docs'
 */
export function plainSnippet(text: string, max: number): string {
  const plain = decodeEntities(
    text
      // Inline marks (a match in bold) sit inside words; other tags separate them.
      .replace(/<\/?(?:b|strong|em|i|u|mark|span|small|sub|sup|code)(?:\s[^>]*)?>/gi, '')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim()
  if (plain.length <= max) return plain
  const cut = plain.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      // Control characters and invalid code points would only garble the line.
      return code >= 0x20 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' '
    }
    return named[name.toLowerCase()] ?? whole
  })
}
