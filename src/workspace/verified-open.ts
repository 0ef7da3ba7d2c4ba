import { existsSync } from 'node:fs'
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises'
import { dirname, sep } from 'node:path'

/** True when `path` is `root` or inside it (both real, absolute paths). */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)
}

/**
 * The real path of `hostPath`, or of its deepest existing ancestor with the rest appended: where a
 * write would land once symlinks are followed. `hostPath` is absolute and normalized.
 */
export async function realTarget(hostPath: string): Promise<string> {
  const whole = await realOrMissing(hostPath)
  if (whole !== undefined) return whole
  // Ancestors, nearest first. If one exists, every one above it does: a binary search finds the
  // deepest in a few calls, where asking each in turn costs a call per missing level.
  const ancestors: string[] = []
  for (
    let current = hostPath, parent = dirname(current);
    parent !== current;
    current = parent, parent = dirname(current)
  )
    ancestors.push(parent)
  let found: { readonly at: number; readonly real: string } | undefined
  let [low, high] = [0, ancestors.length - 1]
  while (low <= high) {
    const middle = (low + high) >> 1
    const real = await realOrMissing(ancestors[middle] as string)
    if (real === undefined) low = middle + 1
    else {
      found = { at: middle, real }
      high = middle - 1
    }
  }
  if (found === undefined) return hostPath
  const base = ancestors[found.at] as string
  const rest = hostPath.slice(base.length + (base.endsWith(sep) ? 0 : 1))
  return found.real.endsWith(sep) ? `${found.real}${rest}` : `${found.real}${sep}${rest}`
}

/** The real path of `path`, or undefined when it (or a folder on the way) does not exist. */
async function realOrMissing(path: string): Promise<string | undefined> {
  try {
    return await realpath(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw error
  }
}

// Linux names the file behind a descriptor in /proc; elsewhere the path is re-checked instead.
const procFd = existsSync('/proc/self/fd')

/**
 * Opens a file and proves, from the open descriptor, that it lies inside `realRoot` — so a symlink
 * swapped in between the check and the open cannot lead outside (or, with `refuse`, into a place
 * the caller keeps out of reach).
 * @returns the handle, or `undefined` (closed) when the opened file is outside or refused
 */
export async function openInside(
  hostPath: string,
  realRoot: string,
  flags: number,
  mode?: number,
  refuse?: (opened: string) => boolean,
): Promise<FileHandle | undefined> {
  const handle = await open(hostPath, flags, mode)
  try {
    const opened = procFd ? await readlink(`/proc/self/fd/${handle.fd}`) : await realpath(hostPath)
    if (isInside(realRoot, opened) && refuse?.(opened) !== true) return handle
  } catch (error) {
    await handle.close()
    throw error
  }
  await handle.close()
  return undefined
}
