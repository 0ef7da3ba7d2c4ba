import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import type { Workspace } from '../../../workspace/workspace.js'
import {
  createWalker,
  enterDirectory,
  openWalkStart,
  readDirectory,
  type WalkDir,
  type WalkEntry,
} from './walk-tree.js'

const notDirectoryText = loadText(import.meta.url, 'texts/not-directory.txt')

/** An entry of a listed tree. */
export interface TreeNode {
  readonly entry: WalkEntry
  /** Size in bytes, for files. */
  size?: number
  readonly children: TreeNode[]
  /** Entries of this directory not shown (the entry budget ran out); 0 when all are shown or it was not read. */
  more: number
}

/** A listed tree: the start directory's entries, at most `maxEntries` in all. */
export interface FileTree {
  readonly path: string
  readonly children: TreeNode[]
  /** Entries of the start directory not shown. */
  more: number
  readonly shown: number
  readonly truncated: boolean
  /** Symlinks left out because they lead outside their mount. */
  readonly outsideLinks: number
}

/**
 * Lists `path` to `depth` levels, breadth-first, so that a tree too large for `maxEntries` shows
 * its upper levels whole. Within a level the budget is shared fairly: small directories are shown
 * whole, large ones get equal shares and a count of what is left out.
 * @throws ToolError `workspace.not_directory` when `path` is a file, and the workspace's path errors
 */
export async function listTree(
  workspace: Workspace,
  path: string,
  depth: number,
  maxEntries: number,
  readFileAlias: string,
): Promise<FileTree> {
  const walker = createWalker(workspace)
  const start = await openWalkStart(walker, path)
  if (start.kind === 'file')
    throw new ToolError(
      'workspace.not_directory',
      fillText(notDirectoryText, { path: start.entry.path, readFile: readFileAlias }),
    )
  const tree = { path: start.dir.path, children: [] as TreeNode[], more: 0 }
  let frontier: { dir: WalkDir; into: { children: TreeNode[]; more: number } }[] = [{ dir: start.dir, into: tree }]
  let budget = maxEntries
  let shown = 0
  let truncated = false
  const files: TreeNode[] = []
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const listings = await Promise.all(frontier.map((item) => readDirectory(walker, item.dir)))
    const quotas = fairShares(
      listings.map((listing) => listing.entries.length),
      budget,
    )
    const next: typeof frontier = []
    listings.forEach((listing, i) => {
      const into = (frontier[i] as (typeof frontier)[number]).into
      const quota = quotas[i] ?? 0
      into.more = listing.entries.length - quota
      if (into.more > 0) truncated = true
      for (const entry of listing.entries.slice(0, quota)) {
        const node: TreeNode = { entry, children: [], more: 0 }
        into.children.push(node)
        if (entry.kind === 'file') files.push(node)
        else if (level < depth) next.push({ dir: enterDirectory(listing, entry), into: node })
      }
      budget -= quota
      shown += quota
    })
    frontier = next
  }
  await Promise.all(
    files.map(async (node) => {
      node.size = (await walker.pace.stat(node.entry.realPath).catch(() => undefined))?.size ?? 0
    }),
  )
  return { ...tree, shown, truncated, outsideLinks: walker.passedOver.outsideLinks }
}

/**
 * Splits `budget` among directories with `counts` entries: each gets at most its count, and no
 * directory gets less than an equal share of what the smaller ones leave.
 * @example fairShares([2, 50, 50], 20) // [2, 9, 9]
 */
export function fairShares(counts: readonly number[], budget: number): number[] {
  const quotas = counts.map(() => 0)
  const order = counts.map((_count, i) => i).sort((a, b) => (counts[a] as number) - (counts[b] as number) || a - b)
  let left = budget
  order.forEach((index, k) => {
    const quota = Math.min(counts[index] as number, Math.floor(left / (order.length - k)))
    quotas[index] = quota
    left -= quota
  })
  return quotas
}
