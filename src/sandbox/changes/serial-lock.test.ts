import { describe, expect, it } from 'vitest'
import { withSerialLock } from './serial-lock.js'

describe('withSerialLock', () => {
  it('runs holders of one key one at a time, in order, and other keys alongside', async () => {
    const events: string[] = []
    let releaseFirst = () => {}
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve))
    const first = withSerialLock('k', async () => {
      events.push('first start')
      await firstHeld
      events.push('first end')
      return 1
    })
    const second = withSerialLock('k', async () => {
      events.push('second')
      return 2
    })
    const other = await withSerialLock('other', async () => {
      events.push('other')
      return 3
    })
    releaseFirst()
    expect([await first, await second, other]).toEqual([1, 2, 3])
    expect(events).toEqual(['first start', 'other', 'first end', 'second'])
  })

  it('lets the next holder run after one that failed', async () => {
    await expect(withSerialLock('f', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(withSerialLock('f', () => Promise.resolve('ran'))).resolves.toBe('ran')
  })
})
