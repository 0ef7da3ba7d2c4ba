import { describe, expect, it } from 'vitest'
import { bodyKind, decodeBody, looksBinary, maxHtmlNesting, mediaType, renderPage } from './page-content.js'

describe('bodyKind', () => {
  it.each([
    ['text/html; charset=utf-8', 'html'],
    ['application/xhtml+xml', 'html'],
    ['application/json', 'json'],
    ['application/problem+json', 'json'],
    ['text/plain', 'text'],
    ['text/markdown', 'text'],
    ['text/csv', 'text'],
    ['application/xml', 'text'],
    ['image/svg+xml', 'text'],
    ['application/javascript', 'text'],
    ['image/png', 'binary'],
    ['application/pdf', 'binary'],
    ['video/mp4', 'binary'],
    ['application/zip', 'binary'],
    ['application/octet-stream', 'unknown'],
    [undefined, 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (type, kind) => {
    expect(bodyKind(type)).toBe(kind)
  })

  it('reads the media type without parameters', () => {
    expect(mediaType(' Text/HTML ; charset=UTF-8')).toBe('text/html')
    expect(mediaType(undefined)).toBe('')
  })

  it('takes NUL bytes near the start for binary', () => {
    expect(looksBinary(Buffer.from('plain text'))).toBe(false)
    expect(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe(true)
  })
})

describe('decodeBody', () => {
  it('uses a byte-order mark, the header charset, a meta charset, then UTF-8', () => {
    expect(
      decodeBody(Buffer.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]), 'text/plain; charset=iso-8859-1', 'text'),
    ).toBe('hi')
    expect(decodeBody(Buffer.from('caf\xe9', 'latin1'), 'text/plain; charset="ISO-8859-1"', 'text')).toBe('café')
    expect(decodeBody(Buffer.from('<meta charset="windows-1252"><p>caf\xe9', 'latin1'), 'text/html', 'html')).toContain(
      'café',
    )
    expect(decodeBody(Buffer.from('café'), 'text/plain', 'text')).toBe('café')
    expect(decodeBody(Buffer.from('café'), 'text/plain; charset=no-such-charset', 'text')).toBe('café')
  })
})

describe('renderPage', () => {
  it('renders HTML by format and pretty-prints JSON', async () => {
    expect(await renderPage('<h1>Hi</h1><p><b>x</b></p>', 'html', 'markdown', 'https://e.example/')).toBe(
      '# Hi\n\n**x**',
    )
    expect(await renderPage('<h1>Hi</h1><p><b>x</b></p>', 'html', 'text', 'https://e.example/')).toBe('Hi\n\nx')
    expect(await renderPage('<h1>Hi</h1>', 'html', 'html', 'https://e.example/')).toBe('<h1>Hi</h1>')
    expect(await renderPage('{"a":[1]}', 'json', 'markdown', 'https://e.example/')).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(await renderPage('{"a":[1]}', 'json', 'html', 'https://e.example/')).toBe('{"a":[1]}')
    expect(await renderPage('*as is*', 'text', 'markdown', 'https://e.example/')).toBe('*as is*')
  })

  it('falls back to the raw HTML, without parsing it, when elements nest too deep to convert', async () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`
    const output = await renderPage(nested(20_000), 'html', 'markdown', 'https://e.example/')
    expect(output).toMatch(
      /^\[This page could not be converted to markdown \(its elements nest more than 800 deep\); its raw HTML follows\.\]\n\n<div>/,
    )
    expect(await renderPage(nested(maxHtmlNesting + 1), 'html', 'text', 'https://e.example/')).toMatch(
      /^\[This page could not be converted to text \(its elements nest more than 800 deep\)/,
    )
    expect(await renderPage(nested(100), 'html', 'markdown', 'https://e.example/')).toBe('deep')
  })
})
