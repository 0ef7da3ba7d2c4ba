import { lstatSync, readdirSync, realpathSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { HiddenPath } from './bwrap-args.js'

/**
 * The paths a sandbox hides, as they exist now: `paths` (`~/` is the host user's home; entries that
 * do not exist are left out), every other user's home, and `/root` unless it is the host user's.
 * Users' homes are the folders of `homesRoot`. Symlinks are followed, so the place a link leads to is what gets hidden. A path that is one of
 * `mounts` is not hidden (the person chose to work there).
 */
export function hiddenPaths(
  paths: readonly string[],
  mounts: readonly string[],
  home: string = homedir(),
  homesRoot = '/home',
): HiddenPath[] {
  const ownHome = realOrSame(home)
  const others = [...listDir(homesRoot).map((name) => join(homesRoot, name)), '/root'].filter(
    (dir) => realOrSame(dir) !== ownHome,
  )
  const found = new Map<string, HiddenPath>()
  for (const raw of [...paths.map((path) => expandHome(path, home)), ...others]) {
    const hidden = existing(raw)
    if (hidden !== undefined && !mounts.includes(hidden.path)) found.set(hidden.path, hidden)
  }
  return [...found.values()]
}

/** `~` and `~/x` in terms of `home`; other paths as given. */
export function expandHome(path: string, home: string = homedir()): string {
  if (path === '~') return home
  return path.startsWith('~/') ? join(home, path.slice(2)) : path
}

function existing(path: string): HiddenPath | undefined {
  if (!path.startsWith('/')) return undefined
  try {
    const real = realpathSync(path)
    return { path: real, kind: lstatSync(real).isDirectory() ? 'directory' : 'file' }
  } catch {
    return undefined
  }
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
