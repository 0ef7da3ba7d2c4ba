import type { ToolCallContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import type { WorkspaceStat } from '../../../workspace/workspace-types.js'
import { formatBytes } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'

/**
 * The facts of an existing regular file at a normalized path, or `undefined` when nothing is there.
 * @throws ToolError `workspace.is_directory` (suggesting the listing tool), `workspace.not_a_file`
 *   for devices, sockets and pipes, `workspace.file_too_large` past {@link fileToolLimits.maxFileBytes}
 */
export async function statRegularFile(ctx: ToolCallContext, path: string): Promise<WorkspaceStat | undefined> {
  const stat = await ctx.workspace.stat(path)
  if (stat === undefined) return undefined
  const shown = shownPath(path)
  if (stat.kind === 'directory') {
    throw new ToolError(
      'workspace.is_directory',
      fillText(fileTexts.isDirectory, {
        path: shown || '.',
        hint: ifOffered(ctx, fileToolIds.list, fileTexts.hintList),
      }),
    )
  }
  if (stat.kind !== 'file') throw new ToolError('workspace.not_a_file', fillText(fileTexts.notAFile, { path: shown }))
  if (stat.size > fileToolLimits.maxFileBytes) {
    const hint = ifOffered(ctx, fileToolIds.search, fileTexts.hintSearchLarge)
    const values = { path: shown, size: formatBytes(stat.size), max: formatBytes(fileToolLimits.maxFileBytes), hint }
    throw new ToolError('workspace.file_too_large', fillText(fileTexts.fileTooLarge, values))
  }
  return stat
}

/** `workspace.not_found` for a missing file, with a hint appended (may be empty). */
export function notFoundError(path: string, hint: string): ToolError {
  return new ToolError('workspace.not_found', fillText(fileTexts.notFound, { path: shownPath(path), hint }))
}
