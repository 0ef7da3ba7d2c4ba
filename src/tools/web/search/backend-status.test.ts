import { describe, expect, it } from 'vitest'
import { formatWait, retryAfterSeconds } from './backend-status.js'

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-12-02T10:00:00Z')

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '30' }), now)).toBe(30)
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Wed, 02 Dec 2026 10:05:00 GMT' }), now)).toBe(300)
  })

  it("reads Brave's reset of the window that has no requests left", () => {
    const perSecond = new Headers({ 'x-ratelimit-remaining': '0, 900', 'x-ratelimit-reset': '1, 1419704' })
    const perMonth = new Headers({ 'x-ratelimit-remaining': '1, 0', 'x-ratelimit-reset': '1, 1419704' })
    expect(retryAfterSeconds(perSecond, now)).toBe(1)
    expect(retryAfterSeconds(perMonth, now)).toBe(1419704)
  })

  it('is undefined when the answer does not say', () => {
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined()
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
  })
})

describe('formatWait', () => {
  it('names the wait in a fitting unit', () => {
    expect([1, 30, 300, 4 * 3600, 1419704].map(formatWait)).toEqual([
      '1 second',
      '30 seconds',
      '5 minutes',
      '4 hours',
      '17 days',
    ])
  })
})
