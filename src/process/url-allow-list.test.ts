import { describe, expect, it } from 'vitest'
import { expandAllowList } from './spec-runtime-fields.js'
import { urlAllowed } from './url-allow-list.js'

const allowed = (url: string, prefixes: string[]) => urlAllowed(new URL(url), prefixes)

describe('urlAllowed', () => {
  it('matches scheme, host and port exactly and the path at a boundary', () => {
    const prefixes = ['https://api.example/v1', 'http://127.0.0.1:8080/']
    expect(allowed('https://api.example/v1', prefixes)).toBe(true)
    expect(allowed('https://API.example:443/v1/items?q=1', prefixes)).toBe(true)
    expect(allowed('https://api.example/v1?q=1', prefixes)).toBe(true)
    expect(allowed('https://api.example/v1beta', prefixes)).toBe(false)
    expect(allowed('https://api.example/v1/../admin', prefixes)).toBe(false)
    expect(allowed('https://api.example/v1/%2e%2e/admin', prefixes)).toBe(false)
    expect(allowed('http://api.example/v1', prefixes)).toBe(false)
    expect(allowed('https://api.example:8443/v1', prefixes)).toBe(false)
    expect(allowed('https://api.example.evil.test/v1', prefixes)).toBe(false)
    expect(allowed('https://user@api.example.evil.test/v1', prefixes)).toBe(false)
    expect(allowed('http://127.0.0.1:8080/anything', prefixes)).toBe(true)
    expect(allowed('http://127.0.0.1:8081/anything', prefixes)).toBe(false)
  })

  it('treats a prefix with a query as a plain prefix of path and query', () => {
    expect(allowed('https://api.example/search?q=cats&page=2', ['https://api.example/search?q='])).toBe(true)
    expect(allowed('https://api.example/search?page=2', ['https://api.example/search?q='])).toBe(false)
  })
})

describe('expandAllowList', () => {
  it('fills ${NAME} from the environment and drops entries that stay incomplete', () => {
    const env = { API: 'http://127.0.0.1:9000', EMPTY: '' }
    expect(expandAllowList(['${API}/', '${EMPTY}/x', '${MISSING}/y', 'https://fixed.example/'], env)).toEqual([
      'http://127.0.0.1:9000/',
      'https://fixed.example/',
    ])
  })
})
