import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ResourceClaim } from '../../tool/define-tool.js'
import { claimsConflict } from './claims.js'
import { conflictGraph } from './conflict-graph.js'

/** The definition: every pair of jobs compared, earlier against later. */
function allPairs(claims: readonly (readonly ResourceClaim[])[]) {
  const blockersLeft = claims.map(() => 0)
  const dependents = claims.map((): number[] => [])
  for (let later = 0; later < claims.length; later += 1)
    for (let earlier = 0; earlier < later; earlier += 1)
      if (claimsConflict(claims[earlier]!, claims[later]!)) {
        blockersLeft[later] = (blockersLeft[later] ?? 0) + 1
        dependents[earlier]!.push(later)
      }
  return { blockersLeft, dependents }
}

const claim: fc.Arbitrary<ResourceClaim> = fc.oneof(
  fc.record({
    kind: fc.constant('file' as const),
    path: fc.constantFrom('a', 'a/b', 'b', './a', ''),
    access: fc.constantFrom('read' as const, 'write' as const),
  }),
  fc.record({ kind: fc.constant('workspace' as const), access: fc.constantFrom('read' as const, 'write' as const) }),
  fc.constant<ResourceClaim>({ kind: 'exclusive' }),
)

describe('conflictGraph', () => {
  it('is the all-pairs graph, for any mix of claims', () => {
    fc.assert(
      fc.property(fc.array(fc.array(claim, { maxLength: 3 }), { maxLength: 30 }), (claims) => {
        expect(conflictGraph(claims)).toEqual(allPairs(claims))
      }),
      { seed: 20261201, numRuns: 2000 },
    )
  })

  it('makes a batch without claims wait only for exclusive jobs', () => {
    const graph = conflictGraph([[], [{ kind: 'exclusive' }], [], []])
    expect(graph.blockersLeft).toEqual([0, 1, 1, 1])
    expect(graph.dependents).toEqual([[1], [2, 3], [], []])
  })
})
