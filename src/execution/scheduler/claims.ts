import { posix } from 'node:path'
import type { ResourceClaim } from '../../tool/define-tool.js'

/**
 * Normalises a workspace path for comparing claims: `.` and `..` segments are resolved, repeated,
 * leading and trailing slashes dropped (`/a/./b/` → `a/b`; the workspace root is `''`). Case is
 * kept, since workspaces may live on case-sensitive file systems.
 */
export function normalizeClaimPath(path: string): string {
  const normalized = posix.normalize(path).replace(/^\/+|\/+$/g, '')
  return normalized === '.' ? '' : normalized
}

/**
 * True when two normalised paths may touch the same file: they are equal or one lies under the
 * other. Treating a directory claim as covering its contents errs on the side of serialising.
 */
function pathsOverlap(a: string, b: string): boolean {
  if (a === b || a === '' || b === '') return true
  return a.startsWith(`${b}/`) || b.startsWith(`${a}/`)
}

/** True when two single claims may not run at the same time (see {@link claimsConflict}). */
export function claimConflicts(a: ResourceClaim, b: ResourceClaim): boolean {
  if (a.kind === 'exclusive' || b.kind === 'exclusive') return true
  const oneWrites = a.access === 'write' || b.access === 'write'
  if (a.kind === 'workspace' || b.kind === 'workspace') return oneWrites
  return oneWrites && pathsOverlap(normalizeClaimPath(a.path), normalizeClaimPath(b.path))
}

/**
 * True when two jobs' claims conflict (DESIGN §8): the same file with at least one write, a
 * workspace write against any file or workspace claim, two workspace claims with one write, or
 * an exclusive claim on either side. A workspace read counts as reading every file, so it also
 * waits for, and holds back, file writes. A job without claims conflicts only with exclusives.
 */
export function claimsConflict(a: readonly ResourceClaim[], b: readonly ResourceClaim[]): boolean {
  if (isExclusive(a) || isExclusive(b)) return true
  return a.some((x) => b.some((y) => claimConflicts(x, y)))
}

function isExclusive(claims: readonly ResourceClaim[]): boolean {
  return claims.some((claim) => claim.kind === 'exclusive')
}
