import { describe, expect, it } from 'vitest'
import { RankedIndex, type IndexedField } from './bm25-index.js'

const doc = (...fields: [string, number][]): IndexedField[] =>
  fields.map(([text, weight]) => ({ terms: text.split(' ').filter((t) => t !== ''), weight }))
const one = (terms: string) => terms.split(' ').map((term) => [{ term, weight: 1 }])

describe('RankedIndex', () => {
  const index = new RankedIndex([
    doc(['weather forecast', 3], ['forecast for a city', 1]),
    doc(['weather now', 3], ['current weather of a city', 1]),
    doc(['create issue', 3], ['create an issue in a repository', 1]),
    doc(['list issue', 3], ['list issues of a repository repository repository', 1]),
  ])

  it('ranks by term rarity: a rare term outweighs a common one', () => {
    const hits = index.search(one('forecast city'), 5)
    expect(hits.map((h) => h.doc)).toEqual([0, 1])
    expect(hits[0]?.matchedSlots).toBe(2)
  })

  it('weights fields and saturates repeated terms', () => {
    const hits = index.search(one('repository'), 5)
    expect(hits.map((h) => h.doc)).toEqual([3, 2])
    // Three times the term is worth less than three times once.
    expect((hits[0]?.score ?? 0) / (hits[1]?.score ?? 1)).toBeLessThan(3)
  })

  it('scores a slot by its best alternative, and a term once per document', () => {
    const single = index.search([[{ term: 'create', weight: 1 }]], 5)
    const withSynonym = index.search(
      [
        [
          { term: 'create', weight: 1 },
          { term: 'issue', weight: 0.5 },
        ],
      ],
      5,
    )
    expect(withSynonym.find((h) => h.doc === 2)?.score).toBeCloseTo(single.find((h) => h.doc === 2)?.score ?? 0)
    const twice = index.search([[{ term: 'create', weight: 1 }], [{ term: 'create', weight: 0.7 }]], 5)
    expect(twice.find((h) => h.doc === 2)?.matchedSlots).toBe(1)
  })

  it('leaves out documents that match nothing and honours the limit', () => {
    expect(index.search(one('nothing'), 5)).toEqual([])
    expect(index.search(one('weather'), 1)).toHaveLength(1)
    expect(index.search([], 5)).toEqual([])
  })

  it('finds longer terms by prefix from a sorted vocabulary', () => {
    expect(index.termsWithPrefix('rep', 10)).toEqual(['repository'])
    expect(index.termsWithPrefix('c', 10)).toEqual(['city', 'create', 'current'])
    expect(index.termsWithPrefix('c', 2)).toEqual(['city', 'create'])
    expect(index.termsWithPrefix('weather', 10)).toEqual([])
    expect(index.has('weather')).toBe(true)
  })

  it('handles an empty index', () => {
    const empty = new RankedIndex([])
    expect(empty.size).toBe(0)
    expect(empty.search(one('x'), 5)).toEqual([])
    expect(empty.termsWithPrefix('x', 5)).toEqual([])
  })
})
