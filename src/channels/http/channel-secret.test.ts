import { describe, expect, it } from 'vitest'
import { channelSecretFromEnv, channelSecretVariable, newChannelSecret } from './channel-secret.js'

describe('channel secret', () => {
  it('generates 43 url-safe characters (256 bits), different every time', () => {
    const a = newChannelSecret()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newChannelSecret()).not.toBe(a)
  })

  it('takes the environment variable when set, a new secret otherwise', () => {
    const configured = 'x'.repeat(40)
    expect(channelSecretFromEnv({ [channelSecretVariable]: configured })).toEqual({
      secret: configured,
      generated: false,
    })
    expect(channelSecretFromEnv({})).toMatchObject({ generated: true })
    expect(channelSecretFromEnv({ [channelSecretVariable]: '' })).toMatchObject({ generated: true })
  })

  it('refuses a configured secret that is too short, saying how to make one', () => {
    expect(() => channelSecretFromEnv({ [channelSecretVariable]: 'short' })).toThrow(/at least 32 .*openssl rand/)
  })
})
