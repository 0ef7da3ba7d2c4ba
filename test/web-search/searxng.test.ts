import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closedPort } from '../closed-port.js'
import { failure } from '../tool-calls.js'
import { startFakeSearchApi, type FakeSearchApi } from './fake-search-api.js'
import { searxngAnswer } from './sample-answers.js'
import { search, searchProfile } from './search-setup.js'
import { createWebSearchTool } from '../../src/tools/web/search/index.js'

let api: FakeSearchApi
beforeAll(async () => {
  api = await startFakeSearchApi(() => ({ json: searxngAnswer }))
})
afterAll(() => api.close())
beforeEach(() => {
  api.requests.length = 0
  api.answerWith(() => ({ json: searxngAnswer }))
})

const profile = () => searchProfile({ url: api.url })

describe('web.search with SearXNG', () => {
  it('asks the JSON API and lists plain, de-duplicated results', async () => {
    const output = await search(profile(), { query: 'rust async runtime' })
    expect(api.requests).toHaveLength(1)
    const [request] = api.requests
    expect(request?.method).toBe('GET')
    expect(request?.path).toBe('/search')
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ q: 'rust async runtime', format: 'json' })
    expect(request?.headers.accept).toBe('application/json')
    expect(output.content).toBe(
      [
        '5 results for "rust async runtime" from SearXNG:',
        '',
        '1. Tokio - An asynchronous Rust runtime',
        '   https://tokio.rs/',
        '   Tokio is an asynchronous runtime for the Rust programming language. It provides the building blocks needed for writing network applications …',
        '',
        '2. tokio - Rust',
        '   https://docs.rs/tokio/latest/tokio/',
        '   A runtime for writing reliable network applications without compromising speed.',
        '',
        '3. Which async runtime should I use? : r/rust',
        '   https://www.reddit.com/r/rust/comments/1abcde/which_async_runtime/',
        '   Most of the ecosystem targets tokio, but smol and async-std work too. "It depends" — as always.',
        '',
        '4. Async Rust in 2026',
        '   https://blog.example.org/2026/async-rust',
        '',
        '5. Example: async',
        '   https://example.org/async',
        '   An example page.',
      ].join('\n'),
    )
    expect(output.structured).toMatchObject({ query: 'rust async runtime', backend: 'searxng' })
    expect((output.structured?.results as unknown[]).length).toBe(5)
    expect((output.structured?.results as unknown[])[3]).toEqual({
      title: 'Async Rust in 2026',
      url: 'https://blog.example.org/2026/async-rust',
      snippet: '',
    })
  })

  it('keeps the path of the instance address, and names web.fetch by alias when it is offered', async () => {
    const output = await search(
      searchProfile({ url: `${api.url}/searx/` }),
      { query: 'tokio', max_results: 1 },
      {},
      { has: (id) => id === 'builtin:web.fetch', alias: (id) => (id === 'builtin:web.fetch' ? 'fetch_page' : id) },
    )
    expect(api.requests[0]?.path).toBe('/searx/search')
    expect(output.content.split('\n').at(-1)).toBe(
      'Snippets are short and may be outdated: read a page with fetch_page when its snippet is not enough.',
    )
    expect(output.content).toContain('1 result for "tokio"')
  })

  it('logs in to an instance whose address carries a user and password, never showing the password', async () => {
    const withLogin = api.url.replace('http://', 'http://reader:s%3Acret-pw@')
    await search(searchProfile({ url: withLogin }), { query: 'tokio' })
    expect(api.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('reader:s:cret-pw').toString('base64')}`)
    api.answerWith(() => ({ status: 401, text: 'bad login for reader:s:cret-pw' }))
    const refused = await failure(search(searchProfile({ url: withLogin }), { query: 'tokio' }))
    expect(refused.code).toBe('web_search.auth_failed')
    expect(refused.message).toContain('refused the login (HTTP 401: bad login for reader:[hidden])')
    expect(refused.message).not.toContain('cret-pw')
  })

  it('says so when nothing is found', async () => {
    api.answerWith(() => ({ json: { ...searxngAnswer, results: [] } }))
    const output = await search(profile(), { query: 'zzzzqqq' })
    expect(output.content).toBe(
      'No results for "zzzzqqq" from SearXNG. Try other or fewer words, or fewer domain limits.',
    )
    expect(output.structured).toEqual({ query: 'zzzzqqq', backend: 'searxng', results: [] })
  })

  it('returns at most max_results, and never more than the profile allows', async () => {
    const two = await search(profile(), { query: 'rust', max_results: 2 })
    expect((two.structured?.results as unknown[]).length).toBe(2)
    const capped = await search(searchProfile({ url: api.url, maxResults: 3 }), { query: 'rust', max_results: 50 })
    expect((capped.structured?.results as unknown[]).length).toBe(3)
  })

  it('explains a 403 as the JSON format being off', async () => {
    api.answerWith(() => ({ status: 403, text: '<html><body>Forbidden</body></html>' }))
    const result = await failure(search(profile(), { query: 'rust' }))
    expect(result.code).toBe('web_search.auth_failed')
    expect(result.message).toContain('settings.yml must list json')
  })

  it('turns a 429 into when to retry', async () => {
    api.answerWith(() => ({ status: 429, headers: { 'retry-after': '30' }, text: 'Too Many Requests' }))
    const result = await failure(search(profile(), { query: 'rust' }))
    expect(result).toEqual({
      code: 'web_search.rate_limited',
      message:
        'SearXNG is limiting searches (HTTP 429: Too Many Requests). Try again in 30 seconds; until then, work with what you have found.',
    })
  })

  it('reports a server error, an answer that is not JSON, or not its result list', async () => {
    api.answerWith(() => ({ status: 500, text: '<h1>Internal Server Error</h1>' }))
    expect(await failure(search(profile(), { query: 'rust' }))).toEqual({
      code: 'web_search.backend_error',
      message:
        'SearXNG failed (HTTP 500: Internal Server Error). Try again in a moment, or continue without searching.',
    })
    api.answerWith(() => ({ text: '<!doctype html><title>SearXNG</title>' }))
    expect(await failure(search(profile(), { query: 'rust' }))).toMatchObject({
      code: 'web_search.bad_response',
      message: expect.stringContaining('did not answer with JSON'),
    })
    api.answerWith(() => ({ json: { query: 'rust' } }))
    expect(await failure(search(profile(), { query: 'rust' }))).toMatchObject({
      code: 'web_search.bad_response',
      message: expect.stringContaining('no result list'),
    })
  })

  it('stops waiting for a slow server at the time limit', async () => {
    api.answerWith(() => ({ hang: true }))
    const result = await failure(search(profile(), { query: 'rust' }, { timeoutMs: 200 }))
    expect(result).toEqual({
      code: 'web_search.timeout',
      message:
        'SearXNG did not answer within 0.2 s. Try again in a moment, perhaps with a shorter query, or continue without searching.',
    })
  })

  it('stops when the run is cancelled', async () => {
    api.answerWith(() => ({ hang: true }))
    const controller = new AbortController()
    const pending = failure(search(profile(), { query: 'rust' }, {}, { signal: controller.signal }))
    await expect.poll(() => api.requests.length).toBe(1)
    controller.abort()
    expect(await pending).toEqual({ code: 'web_search.backend_error', message: 'The search was cancelled.' })
  })

  it('refuses an answer past the size limit', async () => {
    const result = await failure(search(profile(), { query: 'rust' }, { maxBytes: 1000 }))
    expect(result).toMatchObject({
      code: 'web_search.bad_response',
      message: expect.stringContaining('more than 1,000 bytes'),
    })
  })

  it('does not follow a redirect', async () => {
    api.answerWith(() => ({
      status: 302,
      headers: { location: 'https://searx.example.net/search?token=abc' },
      text: '',
    }))
    const result = await failure(search(profile(), { query: 'rust' }))
    expect(result.code).toBe('web_search.backend_error')
    expect(result.message).toContain('https://searx.example.net/search')
    expect(result.message).not.toContain('token')
    expect(api.requests).toHaveLength(1)
  })

  it('says when the instance cannot be reached', async () => {
    const port = await closedPort()
    const result = await failure(search(searchProfile({ url: `http://127.0.0.1:${port}` }), { query: 'rust' }))
    expect(result).toEqual({
      code: 'web_search.backend_error',
      message: `Could not reach SearXNG at 127.0.0.1:${port} (ECONNREFUSED). Try again in a moment, or continue without searching.`,
    })
  })

  it('is offered only with a url or a key, and summarizes calls and results for people', () => {
    const tool = createWebSearchTool({ env: {} })
    expect(tool.unavailableWith?.(searchProfile({}))).toContain('webSearch.url')
    expect(tool.unavailableWith?.(profile())).toBeUndefined()
    expect(tool.maxCallsWith?.(searchProfile({ url: api.url, maxPerRun: 7 }))).toBe(7)
    expect(tool.renderToolUseMessage?.({ query: 'rust async' })).toBe('Search "rust async"')
    expect(tool.renderToolResultMessage?.({ content: '', structured: { results: [1, 2, 3, 4, 5, 6, 7, 8] } })).toBe(
      '8 results',
    )
    expect(tool.annotations).toEqual({ readOnly: true, openWorld: true })
  })
})
