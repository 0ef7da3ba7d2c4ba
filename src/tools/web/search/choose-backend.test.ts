import { describe, expect, it } from 'vitest'
import { webSearchSettings } from '../../../profile/web-search-settings.js'
import { chooseBackend } from './choose-backend.js'

const settings = (input: Record<string, unknown> = {}) => webSearchSettings.parse(input)

describe('chooseBackend', () => {
  it('takes SearXNG for a url, else Brave, else Tavily by the keys present', () => {
    const keys = { BRAVE_API_KEY: 'b-key', TAVILY_API_KEY: 't-key' }
    expect(chooseBackend(settings({ url: 'http://127.0.0.1:8888' }), keys)).toEqual({
      name: 'searxng',
      url: 'http://127.0.0.1:8888',
    })
    expect(chooseBackend(settings(), keys)).toEqual({ name: 'brave', key: 'b-key' })
    expect(chooseBackend(settings(), { TAVILY_API_KEY: 't-key', BRAVE_API_KEY: ' ' })).toEqual({
      name: 'tavily',
      key: 't-key',
    })
    expect(chooseBackend(settings({ backend: 'tavily', url: 'http://127.0.0.1:1/search' }), keys)).toEqual({
      name: 'tavily',
      key: 't-key',
      url: 'http://127.0.0.1:1/search',
    })
  })

  it('says what to configure when no backend can be used', () => {
    expect(chooseBackend(settings(), {})).toEqual({ problem: expect.stringContaining('webSearch.url') })
    expect(chooseBackend(settings({ backend: 'searxng' }), { BRAVE_API_KEY: 'k' })).toEqual({
      problem: expect.stringContaining('webSearch.url'),
    })
    expect(chooseBackend(settings({ backend: 'brave' }), { TAVILY_API_KEY: 'k' })).toEqual({
      problem: expect.stringContaining('BRAVE_API_KEY'),
    })
  })
})
