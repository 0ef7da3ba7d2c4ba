import { mkdir, realpath } from 'node:fs/promises'
import { realHiddenDirs } from './hidden-dirs.js'
import { hostSpellings } from './host-spellings.js'
import type { Mount } from './mount.js'
import type { HostSpelling } from './normalize-path.js'

/** The mounts of a workspace as its operations share them. */
export interface MountTable {
  /** The mounts, `at` without leading or trailing `/`; resolved paths carry these very objects. */
  readonly mounts: readonly Mount[]
  /** Every spelling of the mounts' host directories a host path may start with. */
  readonly hosts: readonly HostSpelling[]
  /** Real host directories no path may reach (see `realHiddenDirs`). */
  readonly hidden: readonly string[]
  /** A mount's real host directory, created when missing; worked out once per mount. */
  realRoot(mount: Mount): Promise<string>
}

/**
 * The mount table of a workspace over `mounts`, hiding the host directories `hidden`.
 * @throws TypeError when no mount is at the root
 */
export function mountTable(mounts: readonly Mount[], hidden: readonly string[]): MountTable {
  if (!mounts.some((m) => m.at === '')) throw new TypeError('a workspace needs a mount at its root (at: "")')
  const normalized = mounts.map((m) => ({ ...m, at: m.at.replace(/^\/+|\/+$/g, '') }))
  const realRoots = new Map<Mount, Promise<string>>()
  return {
    mounts: normalized,
    hosts: hostSpellings(normalized),
    hidden: realHiddenDirs(hidden),
    realRoot(mount) {
      let root = realRoots.get(mount)
      if (root === undefined) {
        root = mkdir(mount.hostDir, { recursive: true }).then(() => realpath(mount.hostDir))
        realRoots.set(mount, root)
      }
      return root
    },
  }
}
