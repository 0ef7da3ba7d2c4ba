import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolhost } from '../cli/cli-process.js'
import { tempDir } from '../temp-dir.js'
import { startFakeSearchApi, type FakeSearchApi } from './fake-search-api.js'
import { searxngAnswer } from './sample-answers.js'
import { braveKey, tavilyKey } from './search-setup.js'

let api: FakeSearchApi
beforeAll(async () => {
  api = await startFakeSearchApi(() => ({ json: searxngAnswer }))
})
afterAll(() => api.close())

describe('toolhost tools call web.search', () => {
  it('searches the SearXNG instance of the profile', async () => {
    const cwd = tempDir('toolhost-search-cli-')
    writeFileSync(join(cwd, 'p.json'), JSON.stringify({ schemaVersion: 2, id: 'search', webSearch: { url: api.url } }))
    const common = ['--profile', 'p.json', '--data-dir', join(cwd, 'data')]
    // Keys in the environment must not matter to a profile that names SearXNG, nor show anywhere.
    const env = { BRAVE_API_KEY: braveKey, TAVILY_API_KEY: tavilyKey }
    const found = await toolhost(cwd, ['tools', 'call', 'web.search', '{"query":"rust async runtime"}', ...common], {
      env,
    })
    expect(found.stderr).toBe('')
    expect(found.code).toBe(0)
    expect(found.stdout).toContain('5 results for "rust async runtime" from SearXNG:')
    expect(found.stdout).toContain('1. Tokio - An asynchronous Rust runtime\n   https://tokio.rs/')
    expect(api.requests.at(-1)?.query.get('q')).toBe('rust async runtime')

    api.answerWith(() => ({ status: 429, headers: { 'retry-after': '12' }, text: 'Too Many Requests' }))
    const limited = await toolhost(cwd, ['tools', 'call', 'web_search', '{"query":"tokio"}', ...common], { env })
    expect(limited.code).toBe(1)
    expect(limited.stderr).toContain('web_search.rate_limited')
    expect(limited.stderr).toContain('Try again in 12 seconds')
    for (const output of [found, limited]) {
      expect(output.stdout + output.stderr).not.toContain(braveKey)
      expect(output.stdout + output.stderr).not.toContain(tavilyKey)
    }
  }, 60_000)
})
