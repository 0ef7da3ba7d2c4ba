import { describe, expect, it } from 'vitest'
import { htmlNestingDepth } from './html-nesting.js'

describe('htmlNestingDepth', () => {
  it('counts open elements, closed or not', () => {
    expect(htmlNestingDepth('plain text')).toBe(0)
    expect(htmlNestingDepth('<div><section><b>x</b></section></div><div></div>')).toBe(3)
    expect(htmlNestingDepth('<DIV><Div><div>unclosed')).toBe(3)
    expect(htmlNestingDepth('</div></div><div>more closes than opens</div>')).toBe(1)
  })

  it('does not count void, self-closed and optionally closed elements', () => {
    expect(htmlNestingDepth('<div><br><img src="a.png"><hr/><input></div>')).toBe(1)
    expect(htmlNestingDepth('<span/><svg><path d="M0 0"/></svg>')).toBe(1)
    expect(htmlNestingDepth(`<ul>${'<li>item'.repeat(2000)}</ul>${'<p>para'.repeat(2000)}`)).toBe(1)
    expect(htmlNestingDepth(`<table>${'<tr><td>cell'.repeat(2000)}</table>`)).toBe(1)
  })

  it('skips comments and the text of scripts and styles', () => {
    expect(htmlNestingDepth(`<!-- ${'<div>'.repeat(50)} --><p>x`)).toBe(0)
    expect(htmlNestingDepth(`<script>const s = "${'<div>'.repeat(50)}"</script><div>x</div>`)).toBe(1)
    expect(htmlNestingDepth(`<STYLE>a > b { }</STYLE><div>`)).toBe(1)
    expect(htmlNestingDepth('<div><!-- never closed <div><div>')).toBe(1)
    expect(htmlNestingDepth('<div a="1" <div')).toBe(1)
  })

  it('stops once the depth passes the limit', () => {
    expect(htmlNestingDepth('<div>'.repeat(1000), 10)).toBe(11)
    expect(htmlNestingDepth('<div>'.repeat(1000))).toBe(1000)
  })
})
