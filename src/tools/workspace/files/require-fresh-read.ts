import type { ToolCallContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import type { ReadRecord } from '../../../workspace/read-state.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'

/** What a change needs to have been read: the whole file (write, append) or any part of it (edits). */
export type ReadNeed = 'full' | 'any'

/**
 * Checks that this invocation read `path` — whole when `need` is `full` — and that `current`, the
 * file's bytes now, still hash to what was read. A model thus never changes a file it has not seen,
 * nor one that changed since it looked. A direct call by a person (no read required) changes the
 * file as it is now.
 * @returns the read record, whose hash is the `expectedSha256` of the compare-and-swap write
 * @throws ToolError `workspace.read_required` or `workspace.file_changed`
 */
export function requireFreshRead(ctx: ToolCallContext, path: string, current: Uint8Array, need: ReadNeed): ReadRecord {
  if (!ctx.readState.requireReads) return { sha256: sha256Hex(current), full: true, readAtMs: Date.now() }
  const record = ctx.readState.get(path)
  const values = { path: shownPath(path), read: ctx.alias(fileToolIds.read) }
  if (record === undefined) {
    throw new ToolError(
      'workspace.read_required',
      fillText(need === 'full' ? fileTexts.writeReadRequired : fileTexts.editReadRequired, values),
    )
  }
  if (need === 'full' && !record.full) {
    const hint = ifOffered(ctx, fileToolIds.edit, fileTexts.hintEditParts)
    throw new ToolError('workspace.read_required', fillText(fileTexts.writePartialRead, { ...values, hint }))
  }
  if (sha256Hex(current) !== record.sha256) throw fileChangedError(ctx, path)
  return record
}

/** `workspace.file_changed`, telling the model to read the file again with the read tool. */
export function fileChangedError(ctx: ToolCallContext, path: string): ToolError {
  return new ToolError(
    'workspace.file_changed',
    fillText(fileTexts.fileChanged, { path: shownPath(path), read: ctx.alias(fileToolIds.read) }),
  )
}
