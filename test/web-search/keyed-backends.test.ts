import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createWebSearchTool } from '../../src/tools/web/search/index.js'
import { failure } from '../tool-calls.js'
import { startFakeSearchApi, type FakeSearchApi, type ReceivedRequest } from './fake-search-api.js'
import { braveAnswer, tavilyAnswer } from './sample-answers.js'
import { braveKey, search, searchProfile, tavilyKey } from './search-setup.js'

let api: FakeSearchApi
const answerBy = (request: ReceivedRequest) => ({
  json: request.path.endsWith('/web/search') ? braveAnswer : tavilyAnswer,
})
beforeAll(async () => {
  api = await startFakeSearchApi(answerBy)
})
afterAll(() => api.close())
beforeEach(() => {
  api.requests.length = 0
  api.answerWith(answerBy)
})

const env = { BRAVE_API_KEY: braveKey, TAVILY_API_KEY: tavilyKey }
const brave = () => searchProfile({ backend: 'brave', url: `${api.url}/res/v1/web/search` })
const tavily = () => searchProfile({ backend: 'tavily', url: `${api.url}/search` })

describe('web.search with Brave Search', () => {
  it('sends the key in X-Subscription-Token and lists plain, de-duplicated results', async () => {
    const output = await search(brave(), { query: 'rust async runtime', max_results: 5 }, { env })
    const [request] = api.requests
    expect(request?.method).toBe('GET')
    expect(request?.path).toBe('/res/v1/web/search')
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ q: 'rust async runtime', count: '10' })
    expect(request?.headers['x-subscription-token']).toBe(braveKey)
    expect(request?.headers.authorization).toBeUndefined()
    expect(output.structured).toEqual({
      query: 'rust async runtime',
      backend: 'brave',
      results: [
        {
          title: 'Tokio - An asynchronous Rust runtime',
          url: 'https://tokio.rs/',
          snippet:
            'Tokio is an event-driven, non-blocking I/O platform for writing asynchronous applications with the Rust programming language.',
        },
        { title: 'smol - Rust', url: 'https://docs.rs/smol/latest/smol/', snippet: 'A small and fast async runtime.' },
      ],
    })
    expect(output.content).toContain('2 results for "rust async runtime" from Brave Search:')
    expect(output.content).not.toContain(braveKey)
  })

  it('asks for 20 results when domain rules will filter them', async () => {
    await search(brave(), { query: 'rust', blocked_domains: ['docs.rs'] }, { env })
    expect(api.requests[0]?.query.get('count')).toBe('20')
  })

  it('is not offered, and refuses, without BRAVE_API_KEY', async () => {
    expect(createWebSearchTool({ env: { TAVILY_API_KEY: tavilyKey } }).unavailableWith?.(brave())).toBe(
      'webSearch.backend is brave, but BRAVE_API_KEY is not set in the environment',
    )
    const result = await failure(search(brave(), { query: 'rust' }, { env: { BRAVE_API_KEY: '' } }))
    expect(result.code).toBe('web_search.backend_error')
    expect(result.message).toContain('BRAVE_API_KEY is not set')
    expect(api.requests).toHaveLength(0)
  })

  it('names the variable of a refused key, never the key, even when the answer repeats it', async () => {
    api.answerWith(() => ({
      status: 401,
      json: {
        type: 'ErrorResponse',
        error: {
          id: 'e1',
          status: 401,
          code: 'SUBSCRIPTION_TOKEN_INVALID',
          detail: `The provided subscription token ${braveKey} is invalid.`,
        },
        time: 1764669600,
      },
    }))
    const result = await failure(search(brave(), { query: 'rust' }, { env }))
    expect(result).toEqual({
      code: 'web_search.auth_failed',
      message:
        'Brave Search refused the API key (HTTP 401: The provided subscription token [hidden] is invalid.). Searching again will not help: the person running you must set a valid BRAVE_API_KEY.',
    })
  })

  it('says when to retry from the rate-limit headers', async () => {
    api.answerWith(() => ({
      status: 429,
      headers: {
        'x-ratelimit-limit': '1, 15000',
        'x-ratelimit-remaining': '0, 14000',
        'x-ratelimit-reset': '1, 1419704',
      },
      json: {
        type: 'ErrorResponse',
        error: { status: 429, code: 'RATE_LIMITED', detail: 'Request rate limit exceeded for plan.' },
      },
    }))
    const result = await failure(search(brave(), { query: 'rust' }, { env }))
    expect(result.code).toBe('web_search.rate_limited')
    expect(result.message).toContain('Try again in 1 second;')
    api.answerWith(() => ({
      status: 429,
      headers: { 'x-ratelimit-remaining': '1, 0', 'x-ratelimit-reset': '1, 1419704' },
      json: { type: 'ErrorResponse', error: { status: 429, code: 'RATE_LIMITED', detail: 'Monthly quota exceeded.' } },
    }))
    expect((await failure(search(brave(), { query: 'rust' }, { env }))).message).toContain('Try again in 17 days;')
  })

  it('reads an answer without web results as none found', async () => {
    api.answerWith(() => ({ json: { type: 'search', query: { original: 'zzzq' } } }))
    const output = await search(brave(), { query: 'zzzq' }, { env })
    expect(output.structured?.results).toEqual([])
  })
})

describe('web.search with Tavily', () => {
  it('posts JSON with the key as a Bearer token and the domain rules as hints', async () => {
    const output = await search(
      searchProfile({ backend: 'tavily', url: `${api.url}/search`, blockedDomains: ['pinterest.com', '*.ads.net'] }),
      { query: 'rust async runtime', allowed_domains: ['tokio.rs', '*.async.rs'] },
      { env },
    )
    const [request] = api.requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/search')
    expect(request?.headers.authorization).toBe(`Bearer ${tavilyKey}`)
    expect(request?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request?.body ?? '')).toEqual({
      query: 'rust async runtime',
      max_results: 20,
      search_depth: 'basic',
      include_answer: false,
      include_raw_content: false,
      include_images: false,
      include_domains: ['tokio.rs', 'async.rs'],
      exclude_domains: ['pinterest.com'],
    })
    // Filtered again here: async.rs itself is not a subdomain of async.rs.
    expect(output.structured?.results).toEqual([
      {
        title: 'Tokio - An asynchronous Rust runtime',
        url: 'https://tokio.rs/',
        snippet: 'Tokio is an asynchronous runtime for the Rust programming language. [...] Fast, reliable, scalable.',
      },
    ])
    expect(output.content).toContain('1 result from other or blocked domains left out.')
    expect(output.content).not.toContain(tavilyKey)
  })

  it('is not offered without TAVILY_API_KEY', () => {
    expect(createWebSearchTool({ env: { BRAVE_API_KEY: braveKey } }).unavailableWith?.(tavily())).toBe(
      'webSearch.backend is tavily, but TAVILY_API_KEY is not set in the environment',
    )
  })

  it('reports a refused key, a usage limit, a rate limit and a server error', async () => {
    api.answerWith(() => ({ status: 401, json: { detail: { error: 'Unauthorized: missing or invalid API key.' } } }))
    expect(await failure(search(tavily(), { query: 'rust' }, { env }))).toEqual({
      code: 'web_search.auth_failed',
      message:
        'Tavily refused the API key (HTTP 401: Unauthorized: missing or invalid API key.). Searching again will not help: the person running you must set a valid TAVILY_API_KEY.',
    })
    api.answerWith(() => ({ status: 432, json: { detail: { error: 'This request exceeds your plan limit.' } } }))
    expect(await failure(search(tavily(), { query: 'rust' }, { env }))).toMatchObject({
      code: 'web_search.rate_limited',
      message: expect.stringContaining(
        'the usage limit of its API key is reached (HTTP 432: This request exceeds your plan limit.)',
      ),
    })
    api.answerWith(() => ({ status: 429, json: { detail: { error: 'Rate limit exceeded.' } } }))
    expect(await failure(search(tavily(), { query: 'rust' }, { env }))).toEqual({
      code: 'web_search.rate_limited',
      message:
        'Tavily is limiting searches (HTTP 429: Rate limit exceeded.) and did not say for how long. Wait before searching again, and work with what you have found.',
    })
    api.answerWith(() => ({ status: 503, text: 'upstream unavailable' }))
    expect(await failure(search(tavily(), { query: 'rust' }, { env }))).toMatchObject({
      code: 'web_search.backend_error',
      message: expect.stringContaining('Tavily failed (HTTP 503: upstream unavailable)'),
    })
    api.answerWith(() => ({ status: 400, json: { detail: { error: 'Query is too long.' } } }))
    expect(await failure(search(tavily(), { query: 'rust' }, { env }))).toMatchObject({
      code: 'web_search.backend_error',
      message: expect.stringContaining('Change the query'),
    })
  })

  it('stops waiting for a slow server at the time limit', async () => {
    api.answerWith(() => ({ hang: true }))
    expect(await failure(search(tavily(), { query: 'rust' }, { env, timeoutMs: 150 }))).toMatchObject({
      code: 'web_search.timeout',
    })
  })
})
