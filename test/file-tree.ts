import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Every file under `dir` by relative path (`/`-separated, sorted); `{}` when `dir` is absent.
 * Contents are latin1 strings: one character per byte, so equal trees mean equal bytes, while a
 * diff of text files stays readable.
 */
export function readTree(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {}
  const tree: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    tree[relative(dir, path).split('\\').join('/')] = readFileSync(path).toString('latin1')
  }
  return Object.fromEntries(Object.entries(tree).sort(([a], [b]) => (a < b ? -1 : 1)))
}
