import { describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../../test/temp-dir.js'
import { cachedProbe, probeSandbox } from './detect-sandbox.js'
import { findExecutable } from '../spawn/find-executable.js'

describe('probeSandbox', () => {
  it('says why real commands cannot run off Linux', async () => {
    expect(await probeSandbox('darwin', '/usr/bin')).toEqual({
      available: false,
      reason: 'the command sandbox needs Linux with bubblewrap; this is darwin',
    })
  })

  const bwrap = findExecutable('bwrap', process.env.PATH)
  it.skipIf(process.platform !== 'linux' || bwrap === undefined)(
    'finds bubblewrap and starts a sandbox with it where it is installed',
    async () => {
      expect(await probeSandbox('linux', process.env.PATH)).toEqual({ available: true, bwrap })
    },
  )

  it.skipIf(process.platform !== 'linux' || bwrap === undefined)(
    'keeps the result for later starts while bubblewrap, kernel and user stay the same',
    async () => {
      const file = join(tempDir('toolhost-probe-'), 'state', 'sandbox-probe.json')
      expect(await cachedProbe(file)).toEqual({ available: true, bwrap })
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { key: string; at: number }
      // A stored answer is used as it is, without probing.
      writeFileSync(file, JSON.stringify({ ...stored, support: { available: false, reason: 'stored' } }))
      expect(await cachedProbe(file)).toEqual({ available: false, reason: 'stored' })
      // Another bubblewrap, kernel or user, or a day later: probed again.
      writeFileSync(file, JSON.stringify({ ...stored, key: 'other', support: { available: false, reason: 'stored' } }))
      expect(await cachedProbe(file)).toEqual({ available: true, bwrap })
      writeFileSync(file, JSON.stringify({ ...stored, at: 0, support: { available: false, reason: 'stored' } }))
      expect(await cachedProbe(file)).toEqual({ available: true, bwrap })
    },
  )
})
