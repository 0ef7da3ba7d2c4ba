import { describe, expect, it } from 'vitest'
import { mapOrdered } from './ordered-pool.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('mapOrdered', () => {
  it('yields results in input order while calls overlap, never more than the limit at once', async () => {
    let running = 0
    let most = 0
    const results: number[] = []
    for await (const value of mapOrdered([30, 5, 20, 1, 10, 2], 3, async (ms) => {
      running++
      most = Math.max(most, running)
      await sleep(ms)
      running--
      return ms
    })) {
      results.push(value)
    }
    expect(results).toEqual([30, 5, 20, 1, 10, 2])
    expect(most).toBe(3)
  })

  it('pulls from async sources and stops pulling when the consumer stops', async () => {
    let pulled = 0
    async function* source() {
      for (let i = 0; i < 1_000; i++) {
        pulled++
        yield i
      }
    }
    for await (const value of mapOrdered(source(), 4, async (n) => n * 2)) {
      if (value === 4) break
    }
    expect(pulled).toBeLessThan(100)
  })

  it('surfaces a failed call when its turn comes', async () => {
    const seen: number[] = []
    const run = async () => {
      for await (const value of mapOrdered([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n)))
        seen.push(value)
    }
    await expect(run()).rejects.toThrow('two')
    expect(seen).toEqual([1])
  })
})
