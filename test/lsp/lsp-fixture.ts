import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../temp-dir.js'

const repo = join(import.meta.dirname, '..', '..')

/** The typescript-language-server of the repo's devDependencies. */
export const typescriptServerBin = join(repo, 'node_modules', '.bin', 'typescript-language-server')

/** Fails with what to do when the real language server is not installed. */
export function requireTypescriptServer(): void {
  if (!existsSync(typescriptServerBin) || !existsSync(join(repo, 'node_modules', 'typescript')))
    throw new Error(
      'typescript-language-server (and typescript) are missing from node_modules: run npm install, they are devDependencies',
    )
}

/**
 * A fresh copy of `test/lsp/fixture-project/` in a temporary directory (removed after the file's
 * tests), its `node_modules/.bin` holding the repo's typescript-language-server, as a project that
 * carries its own server does.
 */
export function fixtureProject(prefix = 'toolhost-lsp-'): string {
  requireTypescriptServer()
  const dir = tempDir(prefix)
  cpSync(join(import.meta.dirname, 'fixture-project'), dir, { recursive: true })
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true })
  symlinkSync(typescriptServerBin, join(dir, 'node_modules', '.bin', 'typescript-language-server'))
  return dir
}

/** Whether a process exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pids of `pid` and everything below it, read from /proc. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {
      // Gone while listing.
    }
  }
  const tree: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    const next = queue.shift() ?? 0
    tree.push(next)
    queue.push(...(parents.get(next) ?? []))
  }
  return tree
}

/** Waits until `condition` holds, checking every 50 ms; fails after `timeoutMs` (a hang, not a speed check). */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
