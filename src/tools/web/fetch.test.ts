import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fetchContext as context,
  fetchError,
  fetchPage,
  startFetchTestServers,
  testPage as page,
} from './__fixtures__/fetch-call.js'
import type { PageServer } from './__fixtures__/page-server.js'
import { webFetchTool } from './fetch.js'

let server: PageServer
let other: PageServer
const allowLoopback = ['127.0.0.1']

beforeAll(async () => {
  ;({ server, other } = await startFetchTestServers())
})

afterAll(async () => {
  await Promise.all([server.close(), other.close()])
})

describe('web.fetch with loopback allowed', () => {
  it('converts HTML to Markdown without scripts, styles or navigation', async () => {
    const output = await fetchPage({ url: server.url('/page') }, context(allowLoopback))
    expect(output.content).toMatch(/^# Test & page\n/)
    expect(output.content).toContain('## Heading')
    expect(output.content).toContain(`[a link](${server.url('/docs/next')})`)
    expect(output.content).toMatch(/^- +one$/m)
    for (const noise of ['tracking', 'color:red', 'About', 'Copyright']) expect(output.content).not.toContain(noise)
    expect(output.structured).toEqual({
      url: server.url('/page'),
      finalUrl: server.url('/page'),
      status: 200,
      contentType: 'text/html; charset=utf-8',
      bytes: Buffer.byteLength(page),
      truncated: false,
      redirects: [],
    })
    expect(server.requests.at(-1)).toMatchObject({ path: '/page', remoteAddress: '127.0.0.1' })
  })

  it('returns plain text or raw HTML on request', async () => {
    const text = await fetchPage({ url: server.url('/page'), format: 'text' }, context(allowLoopback))
    expect(text.content).toMatch(/^Test & page\n/)
    expect(text.content).toContain('Some text with a link.')
    expect(text.content).not.toContain('](')
    const html = await fetchPage({ url: server.url('/page'), format: 'html' }, context(allowLoopback))
    expect(html.content).toBe(page)
  })

  it('pretty-prints JSON, and keeps broken JSON and plain text as sent', async () => {
    const json = await fetchPage({ url: server.url('/data.json') }, context(allowLoopback))
    expect(json.content).toBe(JSON.stringify({ name: 'toolhost', tags: ['a', 'b'], n: 1 }, null, 2))
    expect((await fetchPage({ url: server.url('/broken.json') }, context(allowLoopback))).content).toBe('{"cut')
    expect((await fetchPage({ url: server.url('/notes.txt') }, context(allowLoopback))).content).toBe(
      'plain *text* <b>kept</b>',
    )
    expect((await fetchPage({ url: server.url('/untyped-text') }, context(allowLoopback))).content).toBe('just text')
  })

  it('decodes the declared charset and gzip', async () => {
    expect((await fetchPage({ url: server.url('/latin1') }, context(allowLoopback))).content).toBe('café')
    expect((await fetchPage({ url: server.url('/small.gz') }, context(allowLoopback))).content).toBe('# Zipped')
  })

  it('refuses binary content, naming its type and size', async () => {
    const error = await fetchError({ url: server.url('/image.png') }, context(allowLoopback))
    expect(error.code).toBe('web.binary_content')
    expect(error.message).toContain('image/png')
    expect(error.message).toContain('2.0 KiB')
    const sniffed = await fetchError({ url: server.url('/untyped-binary') }, context(allowLoopback))
    expect(sniffed.code).toBe('web.binary_content')
    expect(sniffed.message).toContain('application/octet-stream (5 bytes)')
  })

  it('cuts bodies at the size limit and says so', async () => {
    const output = await fetchPage({ url: server.url('/big.txt') }, context(allowLoopback), { maxBytes: 10_000 })
    expect(output.content.startsWith('x'.repeat(10_000) + '\n')).toBe(true)
    expect(output.content).toMatch(/\[Cut: .*9\.8 KiB/)
    expect(output.structured).toMatchObject({ bytes: 10_000, truncated: true })
    // The limit counts decompressed bytes.
    const zipped = await fetchPage({ url: server.url('/big.gz') }, context(allowLoopback), { maxBytes: 10_000 })
    expect(zipped.structured).toMatchObject({ bytes: 10_000, truncated: true })
  })

  it('cuts the text at max_chars', async () => {
    const output = await fetchPage({ url: server.url('/big.txt'), max_chars: 100 }, context(allowLoopback))
    expect(output.content).toBe(`${'x'.repeat(100)}\n\n[Cut at 100 of 50000 characters (max_chars).]`)
  })

  it('returns error statuses as results with the status first', async () => {
    const output = await fetchPage({ url: server.url('/missing') }, context(allowLoopback))
    expect(output.content).toMatch(/^HTTP 404 Not Found: .*\n\n# Not here\n\nTry the search\.$/)
    expect(output.structured).toMatchObject({ status: 404 })
    const empty = await fetchPage({ url: server.url('/empty') }, context(allowLoopback))
    expect(empty.content).toBe('(The response has no body.)')
  })
})

describe('web.fetch definition', () => {
  it('names the domain for permission rules and renders calls and results', () => {
    expect(webFetchTool.name).toBe('web.fetch')
    expect(webFetchTool.annotations).toEqual({ readOnly: true, openWorld: true })
    expect(webFetchTool.timeoutMs).toBe(45_000)
    expect(webFetchTool.resources?.({ url: 'https://example.com/' })).toEqual([])
    expect(webFetchTool.permissionSubject?.({ url: 'https://Docs.Example.COM./a?b' })).toEqual({
      kind: 'domain',
      host: 'docs.example.com',
    })
    expect(webFetchTool.permissionSubject?.({ url: 'http://[::1]:8080/' })).toEqual({ kind: 'domain', host: '[::1]' })
    expect(webFetchTool.permissionSubject?.({ url: 'file:///etc/passwd' })).toBeUndefined()
    expect(webFetchTool.permissionSubject?.({ url: 'nonsense' })).toBeUndefined()
    expect(webFetchTool.renderToolUseMessage?.({ url: 'https://example.com/' })).toBe('Fetch https://example.com/')
    const structured = {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      bytes: 12_600,
      truncated: false,
      redirects: [{}],
    }
    expect(webFetchTool.renderToolResultMessage?.({ content: '', structured })).toBe(
      '200 text/html, 12.3 KiB, 1 redirect(s)',
    )
    expect(webFetchTool.description).toMatch(/^Fetch a web page/)
  })

  it('validates its input through the schema', async () => {
    const validate = webFetchTool.inputSchema['~standard'].validate
    expect(await validate({ url: 'https://example.com/' })).toEqual({ value: { url: 'https://example.com/' } })
    expect((await validate({ url: 'https://example.com/', format: 'pdf' })).issues).toBeDefined()
    expect((await validate({ url: 'https://example.com/', max_chars: 0 })).issues).toBeDefined()
  })
})
