import { parseTreeDiff, type ChangedFile } from './parse-tree-diff.js'
import { gitOk, type GitRun, type ShadowRepo } from './shadow-repo.js'

/** What changed in the workspace between two snapshots. */
export interface WorkspaceDiff {
  /** Every changed file, in path order. */
  readonly files: readonly ChangedFile[]
  /** The unified diff of all of them, for people; binary files as one `Binary files … differ` line. */
  readonly patch: string
  /** True when the patch was longer than the cap and ends at the last whole line before it. */
  readonly truncated: boolean
}

/** Options of every diff command: renames found, the same output whatever the workspace asks. */
const diffArgs = ['diff-tree', '-r', '-M', '--no-color', '--no-ext-diff', '--no-textconv'] as const
const treeId = /^[0-9a-f]{40}([0-9a-f]{24})?$/

/**
 * Compares two snapshot trees of the shadow repository: the files with their line counts, and the
 * patch, cut at `maxPatchBytes`. Reads objects only, so it needs no lock.
 * @throws Error when an id is not a tree id, or git fails
 */
export async function diffTrees(
  repo: ShadowRepo,
  run: GitRun,
  before: string,
  after: string,
  maxPatchBytes: number,
): Promise<WorkspaceDiff> {
  for (const id of [before, after]) if (!treeId.test(id)) throw new Error(`not a tree id: ${JSON.stringify(id)}`)
  if (before === after) return { files: [], patch: '', truncated: false }
  const [listed, patched] = await Promise.all([
    gitOk(repo, run, [...diffArgs, '-z', '--raw', '--numstat', before, after]),
    gitOk(repo, run, [...diffArgs, '--patch', before, after], maxPatchBytes + 1),
  ])
  const files = parseTreeDiff(listed.stdout.toString('utf8'))
  if (!patched.cut && patched.stdout.length <= maxPatchBytes)
    return { files, patch: patched.stdout.toString('utf8'), truncated: false }
  const kept = patched.stdout.subarray(0, maxPatchBytes)
  const lastLine = kept.lastIndexOf(0x0a)
  return { files, patch: kept.subarray(0, lastLine + 1).toString('utf8'), truncated: true }
}
