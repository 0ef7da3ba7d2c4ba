import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signWebhook, webhookRefusal } from './webhook-signature.js'

const secret = 's'.repeat(43)
const body = '{"text":"hi"}'
const now = 1_800_000_000_000

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>" with the secret', () => {
    const headers = signWebhook(secret, body, now)
    expect(headers['x-toolhost-timestamp']).toBe('1800000000')
    const expected = createHmac('sha256', secret).update(`1800000000.${body}`).digest('hex')
    expect(headers['x-toolhost-signature']).toBe(`sha256=${expected}`)
  })

  it('is accepted as sent and refused when anything changed', () => {
    const { 'x-toolhost-timestamp': ts, 'x-toolhost-signature': sig } = signWebhook(secret, body, now)
    expect(webhookRefusal(secret, body, ts, sig, { nowMs: now })).toBeUndefined()
    expect(webhookRefusal(secret, `${body} `, ts, sig, { nowMs: now })).toMatch(/does not match/)
    expect(webhookRefusal('other', body, ts, sig, { nowMs: now })).toMatch(/does not match/)
    expect(webhookRefusal(secret, body, String(Number(ts) + 1), sig, { nowMs: now })).toMatch(/does not match/)
    expect(webhookRefusal(secret, body, ts, undefined, { nowMs: now })).toMatch(/does not match/)
    expect(webhookRefusal(secret, body, undefined, sig, { nowMs: now })).toMatch(/timestamp/)
  })

  it('refuses an old delivery replayed later', () => {
    const { 'x-toolhost-timestamp': ts, 'x-toolhost-signature': sig } = signWebhook(secret, body, now)
    expect(webhookRefusal(secret, body, ts, sig, { nowMs: now + 600_000 })).toMatch(/600 s away/)
  })
})
