import { watch, type FSWatcher } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'

/** The `fs.watch` watchers of a set of directories, kept in step with the directories on disk. */
export interface DirectoryWatches {
  /**
   * Drops watches of directories that are gone or replaced and attaches the missing ones; true when
   * any changed. Calls made while one runs share its result.
   */
  readonly refresh: () => Promise<boolean>
  /** Closes every watcher; no directory is watched afterwards. */
  readonly close: () => void
}

interface Watched {
  readonly watcher: FSWatcher
  /** The directory's inode when the watch began: a directory removed and created again is watched anew. */
  readonly ino: number
}

/**
 * Watches of `dirs` (none until the first {@link DirectoryWatches.refresh}), calling `onEvent` on each
 * change in a watched directory and when a watch fails. The watchers do not keep the process alive.
 */
export function directoryWatches(dirs: readonly string[], onEvent: () => void): DirectoryWatches {
  const watched = new Map<string, Watched>()
  let closed = false

  const refreshOnce = async (): Promise<boolean> => {
    let changed = false
    for (const dir of new Set(dirs)) {
      const current = watched.get(dir)
      if (current !== undefined) {
        const ino = await stat(dir).then(
          (info) => info.ino,
          () => undefined,
        )
        if (ino === current.ino) continue
        current.watcher.close()
        watched.delete(dir)
        changed = true
      }
      if (await attachWatch(dir, watched, () => closed, onEvent)) changed = true
    }
    return changed
  }
  // The retry timer and a reload may both refresh; one at a time, so no directory is watched twice.
  let refreshing: Promise<boolean> | undefined
  const refresh = (): Promise<boolean> =>
    (refreshing ??= refreshOnce().finally(() => {
      refreshing = undefined
    }))

  const close = (): void => {
    closed = true
    for (const { watcher } of watched.values()) watcher.close()
    watched.clear()
  }
  return { refresh, close }
}

/** Starts watching `dir` when it is a directory and the watches are not closed; true when it did. */
async function attachWatch(
  dir: string,
  watched: Map<string, Watched>,
  isClosed: () => boolean,
  onEvent: () => void,
): Promise<boolean> {
  let ino: number
  try {
    const info = await stat(dir)
    if (!info.isDirectory()) return false
    ino = info.ino
  } catch {
    return false
  }
  if (isClosed()) return false
  try {
    const drop = (): void => {
      watcher.close()
      if (watched.get(dir)?.watcher === watcher) watched.delete(dir)
    }
    const watcher = watch(dir, { persistent: false }, (event, name) => {
      // The directory itself removed or renamed (its own name is reported): a new one with the same
      // inode number may follow at once, so the watch is renewed at the next load.
      if (event === 'rename' && name === basename(dir)) drop()
      onEvent()
    })
    // A watch that fails (the directory went away) is dropped and looked for again.
    watcher.on('error', () => {
      drop()
      onEvent()
    })
    watched.set(dir, { watcher, ino })
    return true
  } catch {
    return false
  }
}
