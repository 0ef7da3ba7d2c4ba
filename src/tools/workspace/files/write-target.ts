import type { ToolCallContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import type { WorkspaceStat } from '../../../workspace/workspace-types.js'
import { statRegularFile } from './file-errors.js'
import { fileChangedError } from './require-fresh-read.js'
import { fileTexts } from './texts.js'
import { restrictedWorkspace } from './restricted-workspace.js'

/** A file a tool is about to change: its normalized path and, when it exists, its facts. */
export interface WriteTarget {
  readonly path: string
  readonly stat: WorkspaceStat | undefined
}

/**
 * Resolves a path for writing before anything else is checked, so escapes and read-only mounts are
 * reported as such (not as a missing read), and makes sure a new file's parent can be a directory.
 * @throws ToolError `workspace.path_outside`, `workspace.read_only`, the errors of
 *   {@link statRegularFile}, `workspace.parent_not_directory`
 */
export async function prepareWriteTarget(ctx: ToolCallContext, filePath: string): Promise<WriteTarget> {
  const { path } = await restrictedWorkspace(ctx).resolve(filePath, 'write')
  const stat = await statRegularFile(ctx, path)
  if (stat === undefined) await requireDirectoryParents(ctx, path)
  return { path, stat }
}

/**
 * Writes `bytes` as a compare-and-swap on `expectedSha256` (`null`: the file must not exist yet),
 * then records the new content as read — `full` when the model knows all of it — so that it can go
 * on changing the file without reading it again.
 * @throws ToolError `workspace.file_changed` when the file changed under the call
 */
export async function commitWrite(
  ctx: ToolCallContext,
  path: string,
  bytes: Uint8Array,
  expectedSha256: string | null,
  full: boolean,
): Promise<void> {
  // A call stopped (timeout, cancelled run) before this point must leave the file alone.
  ctx.signal.throwIfAborted()
  try {
    await ctx.workspace.writeFile(path, bytes, { expectedSha256 })
  } catch (error) {
    if (error instanceof ToolError && error.code === 'workspace.file_changed') throw fileChangedError(ctx, path)
    throw error
  }
  ctx.readState.record(path, sha256Hex(bytes), full)
}

// The workspace creates missing parents; a file where a parent directory should be would fail there.
// Walked down from the root, stopping at the first missing folder: each folder is looked at once.
async function requireDirectoryParents(ctx: ToolCallContext, path: string): Promise<void> {
  for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
    const parent = path.slice(0, slash)
    const stat = await ctx.workspace.stat(parent)
    if (stat === undefined) return
    if (stat.kind === 'directory') continue
    throw new ToolError(
      'workspace.parent_not_directory',
      fillText(fileTexts.parentNotDirectory, { path: shownPath(path), parent: shownPath(parent) }),
    )
  }
}
