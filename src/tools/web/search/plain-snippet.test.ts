import { describe, expect, it } from 'vitest'
import { plainSnippet } from './plain-snippet.js'

describe('plainSnippet', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(
      plainSnippet(
        'An <strong>async</strong>\n\n  runtime&nbsp;&hellip; &quot;fast&quot; &#8212; &#x27;ok&#x27; &amp;c',
        200,
      ),
    ).toBe('An async runtime … "fast" — \'ok\' &c')
    expect(plainSnippet('<p>one</p><p>two</p>', 200)).toBe('one two')
    expect(plainSnippet('&lt;script&gt; stays text &unknown; &#0; end', 200)).toBe('<script> stays text &unknown; end')
  })

  it('cuts long text at a word boundary', () => {
    const text = 'word '.repeat(100)
    const cut = plainSnippet(text, 42)
    expect(cut.length).toBeLessThanOrEqual(43)
    expect(cut).toMatch(/^(word )+word…$/)
  })
})
