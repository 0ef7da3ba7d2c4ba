import type { ResourceClaim } from '../../tool/define-tool.js'
import { claimsConflict } from './claims.js'

/** For each job, how many earlier jobs it conflicts with, and which later jobs wait for it (in order). */
export interface ConflictGraph {
  readonly blockersLeft: number[]
  readonly dependents: number[][]
}

/**
 * The conflicts of a batch in model order: job `j` waits for every earlier job whose claims
 * conflict with its own. Jobs without claims conflict only with exclusive ones, so each job is
 * compared only with the earlier jobs it could conflict with: a batch of calls that claim nothing
 * costs time linear in its size, not quadratic.
 */
export function conflictGraph(claims: readonly (readonly ResourceClaim[])[]): ConflictGraph {
  const blockersLeft = claims.map(() => 0)
  const dependents = claims.map((): number[] => [])
  const exclusive: number[] = []
  // Earlier jobs that claim anything (exclusive ones included), in order.
  const claiming: number[] = []
  for (const [later, own] of claims.entries()) {
    const isExclusive = own.some((claim) => claim.kind === 'exclusive')
    const candidates = isExclusive ? claims.keys() : own.length === 0 ? exclusive : claiming
    for (const earlier of candidates) {
      if (earlier >= later) break
      if (claimsConflict(claims[earlier]!, own)) {
        blockersLeft[later] = (blockersLeft[later] ?? 0) + 1
        dependents[earlier]!.push(later)
      }
    }
    if (isExclusive) exclusive.push(later)
    if (own.length > 0) claiming.push(later)
  }
  return { blockersLeft, dependents }
}
