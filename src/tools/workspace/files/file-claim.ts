import type { ResourceClaim } from '../../../tool/define-tool.js'

/**
 * The scheduler's claim for a call on one file. Claims are compared without the mount table, so an
 * absolute path — workspace-rooted or a host path, which may name the same file as a relative
 * one — claims the whole workspace: such calls wait for, and hold back, conflicting ones.
 */
export function fileClaim(path: string, access: 'read' | 'write'): ResourceClaim {
  return path.startsWith('/') ? { kind: 'workspace', access } : { kind: 'file', path, access }
}
