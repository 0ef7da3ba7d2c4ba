import { realSpelling } from './host-spellings.js'
import { isInside } from './verified-open.js'

/**
 * Host directories no tool may reach through a mount that holds them: toolhost's own state (the
 * data directory with the store, profiles and run files). Kept as real paths, so a symlink or `..`
 * that leads into one is caught by comparing real targets.
 */
export function realHiddenDirs(dirs: readonly string[]): string[] {
  return [...new Set(dirs.map(realSpelling))]
}

/**
 * True when the real host path `realPath`, reached through the mount whose real directory is
 * `mountRoot`, lies in a hidden directory. A mount that is itself inside a hidden directory (a
 * run's `tool-results/`, a chat workspace) was put there on purpose and sees its own files.
 */
export function isHiddenFrom(hidden: readonly string[], mountRoot: string, realPath: string): boolean {
  return hidden.some((dir) => isInside(mountRoot, dir) && isInside(dir, realPath))
}
