import { describe, expect, it } from 'vitest'
import { mapOrdered } from './ordered-pool.js'

/** Lets pending callbacks run until `predicate` holds; counts event-loop turns, not time. */
async function until(predicate: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000; turn++) {
    if (predicate()) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('condition not reached')
}

describe('mapOrdered', () => {
  it('yields results in input order while calls end in any order, never more than the limit at once', async () => {
    const calls = new Map<number, PromiseWithResolvers<number>>()
    const started: number[] = []
    let running = 0
    let most = 0
    const finish = (n: number) => {
      const call = calls.get(n)
      if (call === undefined) throw new Error(`call ${n} has not started`)
      call.resolve(n)
    }
    const results: number[] = []
    const consumed = (async () => {
      for await (const value of mapOrdered([0, 1, 2, 3, 4, 5], 3, (n) => {
        running++
        most = Math.max(most, running)
        started.push(n)
        const call = Promise.withResolvers<number>()
        calls.set(n, call)
        return call.promise.finally(() => running--)
      }))
        results.push(value)
    })()
    await until(() => started.length === 3)
    // A later call ends first: the next call starts at once, and nothing is yielded ahead of call 0.
    finish(1)
    await until(() => started.length === 4)
    expect(results).toEqual([])
    finish(3)
    finish(2)
    await until(() => started.length === 6)
    finish(0)
    await until(() => results.length === 4)
    expect(results).toEqual([0, 1, 2, 3])
    finish(5)
    finish(4)
    await consumed
    expect(results).toEqual([0, 1, 2, 3, 4, 5])
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
