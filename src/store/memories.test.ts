import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { openStore } from './open-store.js'
import { ftsQuery } from './memories.js'

describe('memories', () => {
  const dir = tempDir()
  let clock = 1_000
  const store = openStore(dir, { now: () => clock++ })

  it('keeps memories per owner, newest first, with tags', () => {
    const ada = store.memories('user:ada')
    const first = ada.write({ text: 'Prefers window seats on trains', tags: ['Travel', 'preference', 'travel'] })
    ada.write({ text: 'Allergic to peanuts', tags: ['health'] })
    store.memories('user:bob').write({ text: 'Likes aisle seats' })
    expect(first.tags).toEqual(['travel', 'preference'])
    expect(ada.read().map((m) => m.text)).toEqual(['Allergic to peanuts', 'Prefers window seats on trains'])
    expect(ada.read({ tag: 'travel' }).map((m) => m.id)).toEqual([first.id])
    expect(ada.read({ id: first.id })[0]?.text).toBe('Prefers window seats on trains')
    expect(store.memories('user:bob').read({ id: first.id })).toEqual([])
  })

  it('searches with stemming and ranking, only within the owner', () => {
    const carol = store.memories('conversation:c1')
    carol.write({ text: 'The weekly meeting moved to Thursdays', tags: ['work'] })
    carol.write({ text: 'Dentist appointment next month' })
    store.memories('conversation:other').write({ text: 'meeting notes of someone else' })
    const found = carol.search('meetings on thursday')
    expect(found.map((m) => m.text)).toEqual(['The weekly meeting moved to Thursdays'])
    expect(found[0]?.score).toBeGreaterThan(0)
    expect(carol.search('meeting', { tags: ['home'] })).toEqual([])
    expect(carol.search('"); DROP TABLE memories; --')).toEqual([])
    expect(carol.search('***')).toEqual([])
  })

  it('replaces and deletes by id, and refuses bad input', () => {
    const dan = store.memories('user:dan')
    const memory = dan.write({ text: 'old' })
    const replaced = dan.write({ id: memory.id, text: 'new', tags: ['x'] })
    expect(replaced).toMatchObject({ id: memory.id, text: 'new', tags: ['x'] })
    expect(replaced.updatedAt).toBeGreaterThan(memory.createdAt)
    expect(dan.search('new').map((m) => m.id)).toEqual([memory.id])
    expect(dan.search('old')).toEqual([])
    expect(dan.delete(memory.id)).toBe(true)
    expect(dan.delete(memory.id)).toBe(false)
    expect(() => dan.write({ text: '  ' })).toThrow(/needs some text/)
    expect(() => dan.write({ id: 'mem_missing', text: 'x' })).toThrow(/no memory/)
    expect(() => dan.write({ text: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toThrow(
      /at most 20 tags/,
    )
  })

  it('quotes every word of a search', () => {
    expect(ftsQuery('Hello, "world" NEAR(x)')).toBe('"hello"* OR "world"* OR "near"* OR "x"*')
  })
})
