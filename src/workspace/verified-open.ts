import { existsSync } from 'node:fs'
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises'
import { dirname, sep } from 'node:path'

/** True when `path` is `root` or inside it (both real, absolute paths). */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)
}

/**
 * The real path of `hostPath`, or of its deepest existing ancestor with the rest appended: where a
 * write would land once symlinks are followed.
 */
export async function realTarget(hostPath: string): Promise<string> {
  let current = hostPath
  const rest: string[] = []
  for (;;) {
    try {
      const real = await realpath(current)
      return rest.length === 0 ? real : `${real}${sep}${rest.reverse().join(sep)}`
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error
      const parent = dirname(current)
      if (parent === current) return hostPath
      rest.push(current.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)))
      current = parent
    }
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
export async function openInside(hostPath: string, realRoot: string, flags: number, mode?: number, refuse?: (opened: string) => boolean): Promise<FileHandle | undefined> {
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
