import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { builtinTools } from '../../src/tools/index.js'
import { webSearchTool } from '../../src/tools/web/search/index.js'
import { tempDir } from '../temp-dir.js'
import { startFakeSearchApi, type FakeSearchApi } from './fake-search-api.js'
import { braveAnswer, searxngAnswer } from './sample-answers.js'
import { braveKey, searchProfile } from './search-setup.js'

let api: FakeSearchApi
beforeAll(async () => {
  api = await startFakeSearchApi((request) => ({ json: request.path === '/search' ? searxngAnswer : braveAnswer }))
})
afterAll(() => api.close())
beforeEach(() => {
  api.requests.length = 0
})

const dataDir = tempDir('toolhost-search-')
// The host's own web.search reads its keys from the environment: this file sets them for its run.
const keyVariables = ['BRAVE_API_KEY', 'TAVILY_API_KEY'] as const
const savedKeys = keyVariables.map((name) => process.env[name])
let host: ToolHost
beforeAll(async () => {
  process.env.BRAVE_API_KEY = braveKey
  delete process.env.TAVILY_API_KEY
  const registered = builtinTools.some((tool) => tool.name === webSearchTool.name)
  host = await createToolHost({
    tools: registered ? [] : [webSearchTool],
    dataDir,
    workspaceDir: tempDir('toolhost-search-ws-'),
  })
})
afterAll(async () => {
  await host.close()
  keyVariables.forEach((name, index) => {
    const saved = savedKeys[index]
    if (saved === undefined) delete process.env[name]
    else process.env[name] = saved
  })
})

const call = (id: string, query: string) => ({ callId: id, name: 'web_search', arguments: { query } })

describe('web.search in an invocation', () => {
  it('searches at most webSearch.maxPerRun times, counting across turns and a resume', async () => {
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-chat',
      profile: searchProfile({ url: api.url, maxPerRun: 2 }),
    })
    expect(inv.snapshot.bindings.find((b) => b.alias === 'web_search')?.maxCalls).toBe(2)
    const first = await inv.executeTurn({ calls: [call('a', 'rust async')] })
    expect(first[0]).toMatchObject({ isError: false, content: expect.stringContaining('5 results for "rust async"') })
    expect(first[0]?.content).toContain('read a page with web_fetch when its snippet is not enough.')
    const resumed = await host.resumeInvocation(inv.id)
    const second = await resumed.executeTurn({ calls: [call('b', 'tokio'), call('c', 'smol')] })
    expect(second.map((r) => r.isError)).toEqual([false, true])
    expect(second[1]?.content).toBe(
      'web_search may search 2 times in this run, and all of them are used. Do not search again: work with what your searches so far found.',
    )
    expect(api.requests.map((r) => r.query.get('q'))).toEqual(['rust async', 'tokio'])
  })

  it("takes the lower of webSearch.maxPerRun and the profile's tools.maxCallsPerTool", async () => {
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-chat',
      profile: searchProfile(
        { url: api.url, maxPerRun: 5 },
        { tools: { maxCallsPerTool: { 'builtin:web.search': 1 } } },
      ),
    })
    expect(inv.snapshot.bindings.find((b) => b.alias === 'web_search')?.maxCalls).toBe(1)
    const results = await inv.executeTurn({ calls: [call('a', 'one'), call('b', 'two')] })
    expect(results.map((r) => r.isError)).toEqual([false, true])
  })

  it('is left out of snapshots whose profile and environment configure no search service', async () => {
    const withKey = await host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    expect(withKey.snapshot.bindings.map((b) => b.alias)).toContain('web_search')
    delete process.env.BRAVE_API_KEY
    try {
      const plain = await host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
      expect(plain.snapshot.bindings.map((b) => b.alias)).not.toContain('web_search')
      expect(plain.snapshot.diagnostics.filter((d) => d.code === 'snapshot.tool_unconfigured')).toEqual([])
    } finally {
      process.env.BRAVE_API_KEY = braveKey
    }
    const named = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-chat',
      profile: searchProfile({ backend: 'tavily' }, { tools: { allow: ['builtin:web.search'] } }),
    })
    expect(named.snapshot.bindings).toEqual([])
    expect(named.snapshot.diagnostics).toContainEqual({
      toolId: 'builtin:web.search',
      code: 'snapshot.tool_unconfigured',
      message: 'builtin:web.search: webSearch.backend is tavily, but TAVILY_API_KEY is not set in the environment',
    })
  })

  it('never stores or shows the API key, in results or errors', async () => {
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-chat',
      profile: searchProfile({ backend: 'brave', url: `${api.url}/res/v1/web/search` }),
    })
    const ok = await inv.executeTurn({ calls: [call('a', 'rust')] })
    api.answerWith(() => ({ status: 401, json: { error: { detail: `token ${braveKey} is not valid` } } }))
    const refused = await inv.executeTurn({ calls: [call('b', 'rust')] })
    api.answerWith((request) => ({ json: request.path === '/search' ? searxngAnswer : braveAnswer }))
    expect(ok[0]?.isError).toBe(false)
    expect(refused[0]).toMatchObject({ isError: true, content: expect.stringContaining('BRAVE_API_KEY') })
    expect(api.requests.map((r) => r.headers['x-subscription-token'])).toEqual([braveKey, braveKey])
    expect(JSON.stringify([ok, refused, inv.snapshot])).not.toContain(braveKey)
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? files(path) : [path]
      })
    const stored = files(dataDir)
    expect(stored.length).toBeGreaterThan(0)
    for (const path of stored) expect(readFileSync(path).includes(braveKey), path).toBe(false)
  })
})
