import { ToolError } from '../../../core/tool-error.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { editDistance } from './similarity.js'

/**
 * A file beside a missing `path` whose name is close to the one asked for — same name in another
 * case, same name with another extension, or a typo away — for a "did you mean" hint.
 */
export async function similarPath(workspace: Workspace, path: string): Promise<string | undefined> {
  const slash = path.lastIndexOf('/')
  const parent = slash < 0 ? '' : path.slice(0, slash)
  const name = path.slice(slash + 1).toLowerCase()
  let entries
  try {
    entries = await workspace.list(parent)
  } catch (error) {
    // A missing or unreadable parent just means there is nothing to suggest.
    if (error instanceof ToolError) return undefined
    throw error
  }
  const stem = (file: string) => file.replace(/\.[^.]*$/, '')
  const maxDistance = Math.max(1, Math.floor(name.length / 5))
  let best: { path: string; score: number } | undefined
  for (const entry of entries) {
    if (entry.kind === 'directory') continue
    const candidate = entry.name.toLowerCase()
    const distance = editDistance(candidate, name, maxDistance)
    const score =
      candidate === name
        ? 0
        : stem(candidate) !== '' && stem(candidate) === stem(name)
          ? 1
          : distance <= maxDistance
            ? 1 + distance
            : Infinity
    if (score < (best?.score ?? Infinity)) best = { path: entry.path, score }
  }
  return best?.path
}
