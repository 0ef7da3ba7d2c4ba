import { realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Mount } from './mount.js'
import type { HostSpelling } from './normalize-path.js'

/**
 * Every spelling of the mounts' host directories a host path may start with: as configured (made
 * absolute) and with symlinks resolved, since a model may have either from the person or a tool.
 */
export function hostSpellings(mounts: readonly Mount[]): HostSpelling[] {
  const spellings: HostSpelling[] = []
  for (const mount of mounts) {
    for (const hostDir of new Set([resolve(mount.hostDir), realSpelling(mount.hostDir)]))
      spellings.push({ at: mount.at, hostDir })
  }
  return spellings
}

/** The real path of a directory that may not exist yet: its deepest existing ancestor's, with the rest appended. */
export function realSpelling(hostDir: string): string {
  const rest: string[] = []
  for (let current = resolve(hostDir); ; current = dirname(current)) {
    try {
      return join(realpathSync.native(current), ...rest.reverse())
    } catch {
      if (dirname(current) === current) return resolve(hostDir)
      rest.push(basename(current))
    }
  }
}
