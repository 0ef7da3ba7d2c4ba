import { describe, expect, it } from 'vitest'
import { TurnBatcher, type Settled } from './turn-batcher.js'

describe('TurnBatcher', () => {
  it('runs items submitted in the same macrotask as one turn and gives each caller its own outcome', async () => {
    const turns: string[][] = []
    const batcher = new TurnBatcher<string, string>(async (items) => {
      turns.push([...items])
      return items.map((item): Settled<string> =>
        item === 'bad' ? { ok: false, error: new Error(item) } : { ok: true, value: item.toUpperCase() },
      )
    })
    const a = batcher.submit('a')
    const bad = batcher.submit('bad')
    const b = batcher.submit('b')
    expect(await a).toBe('A')
    expect(await b).toBe('B')
    await expect(bad).rejects.toThrow('bad')
    expect(turns).toEqual([['a', 'bad', 'b']])
  })

  it('never overlaps turns: items arriving while a turn runs form the next turn', async () => {
    const turns: string[][] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let running = 0
    let overlapped = false
    const batcher = new TurnBatcher<string, string>(async (items) => {
      running += 1
      overlapped ||= running > 1
      turns.push([...items])
      if (items.includes('first')) await held
      running -= 1
      return items.map((value) => ({ ok: true, value }))
    })
    const first = batcher.submit('first')
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    const second = batcher.submit('second')
    await new Promise((resolve) => setImmediate(resolve))
    const third = batcher.submit('third')
    await new Promise((resolve) => setImmediate(resolve))
    release()
    expect(await Promise.all([first, second, third])).toEqual(['first', 'second', 'third'])
    expect(overlapped).toBe(false)
    expect(turns).toEqual([['first'], ['second', 'third']])
  })

  it('rejects every caller of a turn that throws, and keeps serving later turns', async () => {
    let fail = true
    const batcher = new TurnBatcher<string, string>(async (items) => {
      if (fail) throw new Error('turn failed')
      return items.map((value) => ({ ok: true, value }))
    })
    const outcomes = await Promise.allSettled([batcher.submit('a'), batcher.submit('b')])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await batcher.submit('c')).toBe('c')
  })
})
