import { gzipSync } from 'node:zlib'
import { testCallContext } from '../../../../test/call-context.js'
import { defaultProfile } from '../../../profile/default-profile.js'
import type { Profile } from '../../../profile/profile-schema.js'
import type { ToolCallContext, ToolOutput } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import type { WebFetchToolOptions } from '../fetch.js'
import { createWebFetchTool, webFetchTool } from '../fetch.js'
import type { PageServer } from './page-server.js'
import { redirect, send, startPageServer } from './page-server.js'

/** The input of a web.fetch call. */
export type FetchInput = { url: string; format?: 'markdown' | 'text' | 'html'; max_chars?: number }

/** A profile with `network.allowPrivateHosts`, which the profile schema gains separately. */
export function profileAllowing(hosts: readonly string[]): Profile {
  return { ...defaultProfile, network: { allowPrivateHosts: hosts, shellUrlPrefixes: [] } } as unknown as Profile
}

/** A web.fetch call context whose profile allows `allow`. */
export function fetchContext(allow: readonly string[] = [], signal?: AbortSignal): ToolCallContext {
  return testCallContext({
    toolId: 'builtin:web.fetch',
    profile: profileAllowing(allow),
    ...(signal !== undefined && { signal }),
  })
}

/** Calls web.fetch (a tool built with `options` when given). */
export async function fetchPage(
  input: FetchInput,
  ctx: ToolCallContext,
  options?: WebFetchToolOptions,
): Promise<ToolOutput> {
  const tool = options === undefined ? webFetchTool : createWebFetchTool(options)
  const result = tool.call(input, ctx)
  if (!(result instanceof Promise)) throw new Error('web.fetch should return a promise')
  return result
}

/** Calls web.fetch and returns the ToolError it must fail with. */
export async function fetchError(
  input: FetchInput,
  ctx: ToolCallContext,
  options?: WebFetchToolOptions,
): Promise<ToolError> {
  const error: unknown = await fetchPage(input, ctx, options).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof ToolError)) throw new Error(`expected a ToolError, got ${String(error)}`)
  return error
}

/** The HTML page most tests fetch. */
export const testPage = `<!doctype html><html><head><title>Test &amp; page</title><style>body{color:red}</style>
<script>document.write('tracking')</script></head><body><nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<main><h2>Heading</h2><p>Some <em>text</em> with <a href="/docs/next">a link</a>.</p><ul><li>one</li><li>two</li></ul></main>
<footer>Copyright</footer></body></html>`

/** Two loopback servers: `server` with the test routes, `other` that no test may reach. */
export async function startFetchTestServers(): Promise<{ server: PageServer; other: PageServer }> {
  const other = await startPageServer({ '/': send('other server', 'text/plain') })
  const server = await startPageServer({
    '/page': send(testPage, 'text/html; charset=utf-8'),
    '/data.json': send('{"name":"toolhost","tags":["a","b"],"n":1}', 'application/json'),
    '/broken.json': send('{"cut', 'application/json'),
    '/notes.txt': send('plain *text* <b>kept</b>', 'text/plain'),
    '/latin1': send(Buffer.from('<p>caf\xe9</p>', 'latin1'), 'text/html; charset=windows-1252'),
    '/image.png': send(Buffer.alloc(2048, 1), 'image/png', 200, { 'content-length': '2048' }),
    '/untyped-binary': send(Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]), 'application/octet-stream'),
    '/untyped-text': (_req, res) => res.end('just text'),
    '/big.txt': send('x'.repeat(50_000), 'text/plain'),
    '/big.gz': send(gzipSync('y'.repeat(200_000)), 'text/plain', 200, { 'content-encoding': 'gzip' }),
    '/small.gz': send(gzipSync('<h1>Zipped</h1>'), 'text/html', 200, { 'content-encoding': 'gzip' }),
    '/missing': send('<title>Not here</title><p>Try the search.</p>', 'text/html', 404),
    '/empty': (_req, res) => res.writeHead(204).end(),
    '/hop1': redirect('/hop2', 301),
    '/hop2': redirect('/page#section', 307),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-localhost': redirect(`http://localhost:${other.port}/`),
    '/to-ftp': redirect('ftp://127.0.0.1/file'),
    '/loop-a': redirect('/loop-b'),
    '/loop-b': redirect('/loop-a'),
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`/chain${i}`, redirect(`/chain${i + 1}`)])),
    '/hang': () => {}, // never answers
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('the start, then nothing') // and never ends
    },
  })
  return { server, other }
}
