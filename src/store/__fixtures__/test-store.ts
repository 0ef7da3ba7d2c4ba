import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { openStore, type Store, type StoreOptions } from '../open-store.js'

/**
 * Temporary directories for one test file, removed after each test. Call at the top level of a
 * test file; `close` hooks run before removal so that open stores release their files.
 */
export function useTempDirs(): { make(): Promise<string>; onCleanup(fn: () => void): void } {
  const dirs: string[] = []
  const cleanups: (() => void)[] = []
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) fn()
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), 'toolhost-store-'))
      dirs.push(dir)
      return dir
    },
    onCleanup(fn) {
      cleanups.push(fn)
    },
  }
}

/** Stores in temporary directories, closed and removed after each test. */
export function useStores(): {
  readonly temp: ReturnType<typeof useTempDirs>
  open(options?: StoreOptions, dir?: string): Promise<Store>
  /** A store with run `run_a` and its invocation `inv_a`. */
  withInvocation(options?: StoreOptions): Promise<{ store: Store; runId: string; invocationId: string }>
} {
  const temp = useTempDirs()
  const open = async (options?: StoreOptions, dir?: string) => {
    const store = openStore(dir ?? (await temp.make()), options)
    temp.onCleanup(() => store.close())
    return store
  }
  return {
    temp,
    open,
    async withInvocation(options) {
      const store = await open(options)
      store.createRun({ id: 'run_a', scope: 'session', profileId: 'default' })
      store.createInvocation({
        id: 'inv_a',
        runId: 'run_a',
        protocol: 'anthropic',
        snapshot: { id: 'snap_1' },
        profile: { id: 'default' },
      })
      return { store, runId: 'run_a', invocationId: 'inv_a' }
    },
  }
}
