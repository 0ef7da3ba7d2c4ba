import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { failure } from '../tool-calls.js'
import { startFakeSearchApi, type FakeSearchApi } from './fake-search-api.js'
import { searxngAnswer } from './sample-answers.js'
import { search, searchProfile } from './search-setup.js'

let api: FakeSearchApi
beforeAll(async () => {
  api = await startFakeSearchApi(() => ({ json: searxngAnswer }))
})
afterAll(() => api.close())
beforeEach(() => {
  api.requests.length = 0
})

const urls = (output: { structured?: Record<string, unknown> }) =>
  (output.structured?.results as { url: string }[]).map((result) => result.url)

describe("web.search's domain rules", () => {
  it("drops the profile's blocked domains, subdomains included, and says how many", async () => {
    const output = await search(searchProfile({ url: api.url, blockedDomains: ['reddit.com', 'example.org'] }), {
      query: 'rust',
    })
    expect(urls(output)).toEqual(['https://tokio.rs/', 'https://docs.rs/tokio/latest/tokio/'])
    expect(output.content).toContain('3 results from other or blocked domains left out.')
    // SearXNG filters nothing itself: the query goes as the model wrote it.
    expect(api.requests[0]?.query.get('q')).toBe('rust')
  })

  it("keeps only the profile's allowed domains, blocked winning over allowed", async () => {
    const output = await search(
      searchProfile({
        url: api.url,
        allowedDomains: ['tokio.rs', 'example.org'],
        blockedDomains: ['blog.example.org'],
      }),
      { query: 'rust' },
    )
    expect(urls(output)).toEqual(['https://tokio.rs/', 'https://example.org/async'])
  })

  it("narrows with the model's allowed and blocked domains, *. meaning subdomains only", async () => {
    const profile = searchProfile({ url: api.url })
    expect(urls(await search(profile, { query: 'rust', allowed_domains: ['example.org'] }))).toEqual([
      'https://blog.example.org/2026/async-rust',
      'https://example.org/async',
    ])
    expect(urls(await search(profile, { query: 'rust', allowed_domains: ['*.example.org'] }))).toEqual([
      'https://blog.example.org/2026/async-rust',
    ])
    expect(
      urls(await search(profile, { query: 'rust', blocked_domains: ['tokio.rs', 'docs.rs', 'example.org'] })),
    ).toEqual(['https://www.reddit.com/r/rust/comments/1abcde/which_async_runtime/'])
  })

  it("gives nothing from a model's domain outside the profile's allow list, and says so", async () => {
    const output = await search(searchProfile({ url: api.url, allowedDomains: ['tokio.rs', 'docs.rs'] }), {
      query: 'rust',
      allowed_domains: ['docs.rs', 'example.org'],
    })
    expect(urls(output)).toEqual(['https://docs.rs/tokio/latest/tokio/'])
    expect(output.content).toContain(
      'Not searched: example.org, outside the domains this profile allows (tokio.rs, docs.rs).',
    )
  })

  it('refuses, without searching, a query naming only blocked or outside domains', async () => {
    const profile = searchProfile({ url: api.url, allowedDomains: ['tokio.rs'], blockedDomains: ['reddit.com'] })
    expect(
      await failure(search(profile, { query: 'rust', allowed_domains: ['www.reddit.com', 'example.org'] })),
    ).toEqual({
      code: 'web_search.domains_blocked',
      message:
        'Nothing searched: every domain you named (www.reddit.com, example.org) is blocked or outside the domains this profile allows (tokio.rs). Search without them, or name an allowed domain.',
    })
    expect((await failure(search(profile, { query: 'async site:reddit.com' }))).code).toBe('web_search.domains_blocked')
    expect(
      (
        await failure(
          search(searchProfile({ url: api.url }), {
            query: 'x',
            allowed_domains: ['a.com'],
            blocked_domains: ['a.com'],
          }),
        )
      ).code,
    ).toBe('web_search.domains_blocked')
    expect(api.requests).toHaveLength(0)
  })
})
