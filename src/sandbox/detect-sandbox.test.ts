import { describe, expect, it } from 'vitest'
import { probeSandbox } from './detect-sandbox.js'
import { findExecutable } from './find-executable.js'

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
})
