import { describe, expect, it } from 'vitest'
import { fixtureIndex, fixtureSpecs, formatHitRate, measureHitRate, querySet } from './__fixtures__/query-set.js'

describe('search quality on a realistic catalog', () => {
  const index = fixtureIndex()

  it('indexes every tool of the catalog', () => {
    expect(fixtureSpecs.length).toBeGreaterThanOrEqual(200)
    expect(index.size).toBe(fixtureSpecs.length)
  })

  it('finds the expected tool in the top 5 for at least 90 % of the written queries', () => {
    const cases = querySet('queries.json')
    expect(cases.length).toBeGreaterThanOrEqual(30)
    const rate = measureHitRate(index, cases)
    console.log(`tools_search hit rate on ${fixtureSpecs.length} tools: ${formatHitRate(rate)}`)
    for (const miss of rate.misses) console.log(`  miss: ${miss}`)
    expect(rate.top5).toBeGreaterThanOrEqual(0.9)
  })

  it('generalizes to queries written after the tuning (reported; held to a lower bar)', () => {
    const rate = measureHitRate(index, querySet('queries-holdout.json'))
    console.log(`tools_search hit rate, second query set: ${formatHitRate(rate)}`)
    for (const miss of rate.misses) console.log(`  miss: ${miss}`)
    expect(rate.top5).toBeGreaterThanOrEqual(0.8)
  })
})
