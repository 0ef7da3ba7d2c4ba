import { watch, type FSWatcher } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { loadProcessTools, type ProcessToolsLoad } from './load-process-tools.js'
import type { ProcessToolOptions } from './run-process-tool.js'

/** Options of {@link watchProcessTools}. */
export interface WatchProcessToolsOptions extends ProcessToolOptions {
  /** Quiet time after the last change before reloading (editors write in bursts); default 200 ms. */
  readonly debounceMs?: number
  /** How often a missing (or replaced) directory is looked for again; default 2 s. */
  readonly retryMs?: number
  /** Receives what `onChange` throws; by default it is emitted as a process warning. */
  readonly onError?: (error: unknown) => void
}

interface Watched {
  readonly watcher: FSWatcher
  /** The directory's inode when the watch began: a directory removed and created again is watched anew. */
  readonly ino: number
}

/**
 * Loads the process tools of `dirs` and loads them again whenever a file in one of them changes
 * (`fs.watch`, debounced), calling `onChange` with each complete load, the first one included.
 * Loads never overlap; changes during a load lead to one more. Directories that do not exist yet
 * are looked for every `retryMs` and watched once they appear. The watchers do not keep the process
 * alive. Returns a function that stops watching.
 *
 * @example
 * const close = watchProcessTools(['./tools'], ({ tools, diagnostics }) => host.setProcessTools(tools, diagnostics))
 */
export function watchProcessTools(
  dirs: readonly string[],
  onChange: (load: ProcessToolsLoad) => void,
  options: WatchProcessToolsOptions = {},
): () => void {
  const debounceMs = options.debounceMs ?? 200
  const watched = new Map<string, Watched>()
  let closed = false
  let loading = false
  let again = false
  let debounce: ReturnType<typeof setTimeout> | undefined

  const report = (error: unknown): void => {
    if (options.onError !== undefined) options.onError(error)
    else process.emitWarning(`process tools: ${error instanceof Error ? error.message : String(error)}`)
  }

  const schedule = (): void => {
    if (closed) return
    clearTimeout(debounce)
    debounce = setTimeout(() => void reload(), debounceMs)
    debounce.unref()
  }

  const reload = async (): Promise<void> => {
    if (loading) {
      again = true
      return
    }
    loading = true
    try {
      await refreshWatches()
      const load = await loadProcessTools(dirs, options)
      if (!closed) onChange(load)
    } catch (error) {
      report(error)
    } finally {
      loading = false
      if (again && !closed) {
        again = false
        void reload()
      }
    }
  }

  const attach = async (dir: string): Promise<boolean> => {
    let ino: number
    try {
      const info = await stat(dir)
      if (!info.isDirectory()) return false
      ino = info.ino
    } catch {
      return false
    }
    if (closed) return false
    try {
      const drop = (): void => {
        watcher.close()
        if (watched.get(dir)?.watcher === watcher) watched.delete(dir)
      }
      const watcher = watch(dir, { persistent: false }, (event, name) => {
        // The directory itself removed or renamed (its own name is reported): a new one with the same
        // inode number may follow at once, so the watch is renewed at the next load.
        if (event === 'rename' && name === basename(dir)) drop()
        schedule()
      })
      // A watch that fails (the directory went away) is dropped and looked for again.
      watcher.on('error', () => {
        drop()
        schedule()
      })
      watched.set(dir, { watcher, ino })
      return true
    } catch {
      return false
    }
  }

  /** Drops watches of directories that are gone or replaced and attaches the missing ones; true when any changed. */
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
      if (await attach(dir)) changed = true
    }
    return changed
  }
  // The retry timer and a reload may both refresh; one at a time, so no directory is watched twice.
  let refreshing: Promise<boolean> | undefined
  const refreshWatches = (): Promise<boolean> =>
    (refreshing ??= refreshOnce().finally(() => {
      refreshing = undefined
    }))

  const retry = setInterval(() => {
    void refreshWatches().then((changed) => changed && schedule(), report)
  }, options.retryMs ?? 2000)
  retry.unref()
  void reload()

  return () => {
    closed = true
    clearTimeout(debounce)
    clearInterval(retry)
    for (const { watcher } of watched.values()) watcher.close()
    watched.clear()
  }
}
