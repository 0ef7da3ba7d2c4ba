import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { childrenByParent } from './namespace-init.js'

describe.skipIf(process.platform !== 'linux')('finding children in /proc without their list', () => {
  it('finds the children of a process by their parent pid, and no others', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' })
    await once(child, 'spawn')
    try {
      expect(childrenByParent(process.pid)).toContain(child.pid)
      expect(childrenByParent(child.pid ?? 0)).toEqual([])
    } finally {
      child.kill('SIGKILL')
    }
  })
})
