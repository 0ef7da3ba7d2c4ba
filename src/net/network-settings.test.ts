import { describe, expect, it } from 'vitest'
import { webNetworkSettings } from './network-settings.js'

describe('webNetworkSettings', () => {
  it('reads network.allowPrivateHosts', () => {
    const profile = { network: { allowPrivateHosts: ['127.0.0.1', 'intranet.example'], shellUrlPrefixes: [] } }
    expect(webNetworkSettings(profile)).toEqual({ allowPrivateHosts: ['127.0.0.1', 'intranet.example'] })
  })

  it('falls back to no allowances for missing or malformed settings', () => {
    for (const profile of [
      undefined,
      null,
      {},
      { network: null },
      { network: {} },
      { network: { allowPrivateHosts: 'x' } },
    ]) {
      expect(webNetworkSettings(profile)).toEqual({ allowPrivateHosts: [] })
    }
    expect(webNetworkSettings({ network: { allowPrivateHosts: ['ok', 3, null] } })).toEqual({
      allowPrivateHosts: ['ok'],
    })
  })
})
