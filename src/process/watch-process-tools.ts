import { directoryWatches } from './directory-watches.js'
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
  let closed = false
  let debounce: ReturnType<typeof setTimeout> | undefined
  const report = (error: unknown): void => reportError(options.onError, error)

  const schedule = (): void => {
    if (closed) return
    clearTimeout(debounce)
    debounce = setTimeout(() => void reload(), debounceMs)
    debounce.unref()
  }
  const watches = directoryWatches(dirs, schedule)
  const reload = serialRunner(
    async () => {
      await watches.refresh()
      const load = await loadProcessTools(dirs, options)
      if (!closed) onChange(load)
    },
    report,
    () => closed,
  )

  const retry = setInterval(() => {
    void watches.refresh().then((changed) => changed && schedule(), report)
  }, options.retryMs ?? 2000)
  retry.unref()
  void reload()

  return () => {
    closed = true
    clearTimeout(debounce)
    clearInterval(retry)
    watches.close()
  }
}

/** Hands `error` to `onError`, or emits it as a process warning when there is none. */
function reportError(onError: ((error: unknown) => void) | undefined, error: unknown): void {
  if (onError !== undefined) onError(error)
  else process.emitWarning(`process tools: ${error instanceof Error ? error.message : String(error)}`)
}

/**
 * A function that runs `run`, never two at once: a call during a run leads to one more run after it
 * (unless `isClosed` by then). What `run` throws goes to `report`.
 */
function serialRunner(
  run: () => Promise<void>,
  report: (error: unknown) => void,
  isClosed: () => boolean,
): () => Promise<void> {
  let running = false
  let again = false
  const start = async (): Promise<void> => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      await run()
    } catch (error) {
      report(error)
    } finally {
      running = false
      if (again && !isClosed()) {
        again = false
        void start()
      }
    }
  }
  return start
}
