import { describe, expect, it } from 'vitest'
import { htmlToMarkdown, htmlToText } from './html-to-markdown.js'

const base = 'https://site.example/docs/page.html'

describe('htmlToMarkdown', () => {
  it('puts the title first as a heading and drops noise', () => {
    const html = `<html><head><title> The   Title </title><style>.a{}</style><script>evil()</script><link rel=stylesheet href=x.css></head>
      <body><header>Site header</header><nav>Menu</nav><main><header><h1>Article</h1></header><p>Body</p></main>
      <aside>Ads</aside><footer>Footer</footer><noscript>Enable JS</noscript><div hidden>Hidden</div><div aria-hidden="true">Icon</div>
      <div role="navigation">Breadcrumbs</div><iframe src="x"></iframe><svg><title>Logo</title></svg></body></html>`
    expect(htmlToMarkdown(html, base)).toBe('# The Title\n\n# Article\n\nBody')
  })

  it('makes links and images absolute and drops links a model cannot follow', () => {
    const html = `<p><a href="../guide">Guide</a> <a href="https://other.example/a b(c)">Other</a> <a href="javascript:go()">Go</a>
      <a href="mailto:me@site.example">Mail</a> <a href="/empty"></a> <img src="img/x.png" alt="An [x]"> <img src="data:image/png;base64,AA" alt="inline"></p>`
    expect(htmlToMarkdown(html, base)).toBe(
      '[Guide](https://site.example/guide) [Other](https://other.example/a%20b%28c%29) Go [Mail](mailto:me@site.example) ' +
        '![An x](https://site.example/docs/img/x.png) inline',
    )
  })

  it('keeps headings, lists, code and emphasis', () => {
    const html =
      '<h2>Sub</h2><ol><li>one</li><li>two</li></ol><pre><code>let x = 1\n</code></pre><p><em>em</em> and <strong>strong</strong> and <code>code</code></p>'
    expect(htmlToMarkdown(html, base)).toBe(
      '## Sub\n\n1.  one\n2.  two\n\n```\nlet x = 1\n```\n\n*em* and **strong** and `code`',
    )
  })

  it('turns data tables into pipe tables and leaves layout tables alone', () => {
    const data =
      '<table><caption>Params</caption><thead><tr><th>Name</th><th>Type</th></tr></thead><tbody><tr><td>a|b</td><td>int\n x</td></tr></tbody></table>'
    expect(htmlToMarkdown(data, base)).toBe('Params\n\n| Name | Type |\n| --- | --- |\n| a\\|b | int x |')
    const layout = '<table><tr><td><table><tr><td>inner</td></tr></table></td><td><p>outer</p></td></tr></table>'
    expect(htmlToMarkdown(layout, base)).toBe('| inner |\n| --- |\n\nouter')
  })
})

describe('htmlToText', () => {
  it('gives the same content without markup or escaping', () => {
    const html =
      '<title>T</title><h2>Sub *x*</h2><p><a href="/a">link</a> <b>bold</b> <img src="i.png" alt="pic"> 1_000</p><script>x()</script>'
    expect(htmlToText(html)).toBe('T\n\nSub *x*\n\nlink bold pic 1_000')
  })
})
