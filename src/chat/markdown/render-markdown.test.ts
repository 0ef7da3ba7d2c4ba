/* eslint-disable no-control-regex -- control characters are what these tests look for */
import { stripVTControlCharacters } from 'node:util'
import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './render-markdown.js'

const plain = (text: string, width = 80): string => renderMarkdown(text, { width, color: false })
const coloured = (text: string, width = 80): string => renderMarkdown(text, { width, color: true })
const widest = (out: string): number => Math.max(0, ...out.split('\n').map((line) => stringWidth(line)))

const sample = `# Title one

Some **bold** and *italic* words, \`code\`, ~~gone~~ and a [link](https://example.com/page) in a paragraph long enough to wrap at forty.

## Second level

- first item
- [x] done task
- [ ] open task
  - nested bullet with enough words to wrap inside the list at forty columns
    1. deeper

1. one
2. two

> quoted **text** that is long enough to wrap inside the gutter at forty columns

| Name | Value | Note |
| --- | ---: | :-: |
| alpha | 1 | a fairly long note that has to be wrapped in its cell |
| beta | 22 | short |

---

![a cat](https://example.com/cat.png) and https://bare.example.com/x

<details>raw html</details>

\`\`\`ts
const answer = 42 // a code line that is longer than forty columns and stays whole
\`\`\`
`

describe('renderMarkdown: constructs', () => {
  it('drops the # marks of headings and colours them by level', () => {
    expect(plain('# One\n\n## Two\n\n###### Six')).toBe('One\n\nTwo\n\nSix')
    const out = coloured('# One\n\n## Two')
    expect(out).toContain('\u001b[1m\u001b[35mOne')
    expect(out).toContain('\u001b[1m\u001b[36mTwo')
  })

  it('wraps paragraphs to the width and joins soft line breaks', () => {
    const out = plain('aaa bbb ccc ddd\neee fff', 8)
    expect(out).toBe('aaa bbb\nccc ddd\neee fff')
    expect(plain('a  \nb')).toBe('a\nb')
  })

  it('styles bold, italic and code spans with colour, and keeps backticks without', () => {
    expect(coloured('**b** *i* `c`')).toBe('\u001b[1mb\u001b[22m \u001b[3mi\u001b[23m \u001b[33mc\u001b[39m')
    expect(plain('**b** *i* `c`')).toBe('b i `c`')
  })

  it('keeps code blocks verbatim with a gutter, unwrapped, with a dim language label', () => {
    const code = 'const x = "a long line of code that is wider than twenty columns"\n  indented();'
    const out = plain(`\`\`\`js\n${code}\n\`\`\``, 20)
    expect(out.split('\n')).toEqual([
      '  js',
      '  │ const x = "a long line of code that is wider than twenty columns"',
      '  │   indented();',
    ])
    expect(coloured('```js\nx\n```')).toContain('\u001b[2mjs\u001b[22m')
    expect(plain('para\n\n    indented code\n    more')).toBe('para\n\n  │ indented code\n  │ more')
  })

  it('keeps tildes fences and blank lines inside code', () => {
    expect(plain('~~~\na\n\nb\n~~~')).toBe('  │ a\n  │\n  │ b')
  })

  it('draws unordered, ordered, nested and task lists', () => {
    expect(plain('- a\n- b\n  - c\n    - d')).toBe('• a\n• b\n  ◦ c\n    ▪ d')
    expect(plain('3. three\n4. four')).toBe('3. three\n4. four')
    expect(plain('- [x] done\n- [ ] open')).toBe('• [x] done\n• [ ] open')
    expect(plain('1. a\n\n2. b')).toBe('1. a\n\n2. b')
    expect(plain('- [x] a\n\n- [ ] b')).toBe('• [x] a\n\n• [ ] b')
  })

  it('indents wrapped list lines under the item text', () => {
    expect(plain('- one two three four', 10)).toBe('• one two\n  three\n  four')
    expect(plain('10. one two three', 10).split('\n')[1]).toBe('    two')
  })

  it('draws blockquotes with a gutter', () => {
    expect(plain('> a quote\n>\n> second')).toBe('│ a quote\n│\n│ second')
    expect(plain('> > nested')).toBe('│ │ nested')
  })

  it('shows links as text and dim url, bare URLs unchanged', () => {
    expect(plain('[docs](https://x.dev/a)')).toBe('docs (https://x.dev/a)')
    expect(coloured('[docs](https://x.dev/a)')).toBe('docs (\u001b[2mhttps://x.dev/a\u001b[22m)')
    expect(plain('see https://x.dev/a now')).toBe('see https://x.dev/a now')
    expect(plain('<https://x.dev>')).toBe('https://x.dev')
    expect(plain('mail a@b.io')).toBe('mail a@b.io')
  })

  it('shows images as their alt text and url', () => {
    expect(plain('![a cat](cat.png)')).toBe('[image: a cat] (cat.png)')
  })

  it('draws tables with box characters and aligned columns', () => {
    const out = plain('| a | b |\n|---|--:|\n| x | 10 |\n| yy | 2 |')
    expect(out.split('\n')).toEqual([
      '┌────┬────┐',
      '│ a  │  b │',
      '├────┼────┤',
      '│ x  │ 10 │',
      '│ yy │  2 │',
      '└────┴────┘',
    ])
  })

  it('fits wide tables to the width by wrapping cells', () => {
    const table = `| key | text |\n|---|---|\n| k | ${'word '.repeat(30)}|`
    const out = plain(table, 30)
    expect(widest(out)).toBe(30)
    expect(out.split('\n').length).toBeGreaterThan(6)
    expect(out).toContain('│ k   │ word word')
  })

  it('cuts a table with too many columns for the width', () => {
    const head = `|${' h |'.repeat(12)}`
    const out = plain(`${head}\n|${'---|'.repeat(12)}\n|${' v |'.repeat(12)}`, 20)
    expect(widest(out)).toBeLessThanOrEqual(20)
    expect(out.split('\n')[0]?.endsWith('…')).toBe(true)
  })

  it('draws horizontal rules across the width', () => {
    expect(plain('a\n\n---\n\nb', 10)).toBe('a\n\n──────────\n\nb')
  })

  it('passes HTML through as text', () => {
    expect(plain('<div class="x">hi</div>')).toBe('<div class="x">hi</div>')
    expect(plain('a <b>bold</b> c')).toBe('a <b>bold</b> c')
  })

  it('decodes entities without letting them become controls', () => {
    expect(plain('a &amp; b &lt;c&gt; &#x41;')).toBe('a & b <c> A')
    expect(plain('x &#27;[2J y')).toBe('x <U+001B>[2J y')
    const everywhere = plain('# h &#27;\n\n[&#27;](u) ![&#x1b;](v) `&#27;`\n\n| &#155; |\n|---|\n| x |\n\n- &#27;')
    expect(everywhere).not.toMatch(/[\u001b\u009b]/)
    expect(everywhere.match(/<U\+001B>/g)?.length).toBe(4)
    expect(everywhere).toContain('`&#27;`')
    expect(plain('`a\u001bb`')).toBe('`a<U+001B>b`')
    expect(everywhere).toContain('<U+009B>')
  })

  it('renders an empty text as nothing', () => {
    expect(plain('')).toBe('')
    expect(plain('\n\n')).toBe('')
  })
})

describe('renderMarkdown: width and colour', () => {
  for (const width of [40, 80]) {
    it(`keeps every line but code within ${width} columns`, () => {
      for (const out of [plain(sample, width), coloured(sample, width)]) {
        for (const line of out.split('\n')) {
          if (line.includes('const answer')) continue
          expect(stringWidth(line), line).toBeLessThanOrEqual(width)
        }
      }
    })
  }

  it('shows the same text with and without colour', () => {
    for (const width of [40, 80]) {
      // Code spans keep their backticks without colour, which changes the wrapping.
      const text = sample.replace('`code`, ', '')
      expect(stripVTControlCharacters(coloured(text, width))).toBe(plain(text, width))
    }
  })

  it('closes styles at each wrapped line end and opens them again on the next', () => {
    expect(coloured('**aaa bbb** cc', 6)).toBe('\u001b[1maaa\u001b[22m\n\u001b[1mbbb\u001b[22m cc')
  })

  it('uses no escape codes without colour', () => {
    expect(plain(sample)).not.toContain('\u001b')
    expect(coloured(sample)).toContain('\u001b[')
  })

  it('wraps long words hard and keeps wide characters within the width', () => {
    const out = plain(`${'x'.repeat(100)} ${'日本'.repeat(30)}`, 40)
    expect(widest(out)).toBeLessThanOrEqual(40)
  })

  it('keeps deep nesting within a very narrow width', () => {
    const out = plain('> > > - - - deeply nested words that wrap', 6)
    expect(widest(out)).toBeLessThanOrEqual(6)
  })
})

describe('renderMarkdown: security', () => {
  it('makes control characters visible before adding its own escapes', () => {
    const out = coloured('**a\u001b[31mb** \u009b2J `\u0007` \u007f')
    expect(out).toContain('<U+001B>[31m')
    expect(out).toContain('<U+009B>2J')
    expect(out).toContain('<U+0007>')
    expect(out).toContain('<U+007F>')
    // The only escapes left are the renderer's own SGR codes.
    const escapes = out.match(/\u001b[^m]*m/g) ?? []
    for (const escape of escapes) expect(escape).toMatch(/^\u001b\[\d+m$/)
    expect(out.split('\u001b').length - 1).toBe(escapes.length)
  })

  it('makes bidi controls visible everywhere', () => {
    for (const text of ['a\u202eb', '`a\u2066b`', '```\na\u202db\n```', '[x\u200f](u)', '| a\u2067 |\n|---|\n| b |']) {
      expect(plain(text)).toMatch(/<U\+20(2E|66|2D|0F|67)>/)
      expect(plain(text)).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
    }
  })

  it('keeps carriage returns from rewriting a line', () => {
    expect(plain('safe text\rEVIL')).toBe('safe text<U+000D>EVIL')
    expect(plain('a\r\nb\r\n\r\nc')).toBe('a b\n\nc')
  })
})

describe('renderMarkdown: size', () => {
  it('renders a 20,000-line document', () => {
    const parts: string[] = []
    for (let i = 0; i < 2000; i++) {
      parts.push(
        `## Section ${i}`,
        '',
        `Paragraph ${i} with **bold** and \`code\`.`,
        '',
        `- item ${i}`,
        `- item ${i + 1}`,
        '',
        '```',
        `code ${i}`,
        '```',
      )
    }
    const text = parts.join('\n')
    expect(text.split('\n').length).toBe(20000)
    const out = plain(text)
    expect(out).toContain('Section 1999')
    expect(out).toContain('  │ code 1999')
    expect(out.split('\n').filter((line) => line.startsWith('• item')).length).toBe(4000)
  })
})
