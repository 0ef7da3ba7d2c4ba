import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, beforeEach } from 'vitest'

/** A fresh temporary directory per test, removed afterwards; read `.path` inside a test. */
export function useTempDir(prefix: string): { readonly path: string } {
  const state = { path: '' }
  beforeEach(async () => {
    state.path = await mkdtemp(join(tmpdir(), `toolhost-${prefix}-`))
  })
  afterEach(async () => {
    await rm(state.path, { recursive: true, force: true })
  })
  return state
}

/** Every file under a directory, as sorted paths relative to it with `/` separators. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
}
