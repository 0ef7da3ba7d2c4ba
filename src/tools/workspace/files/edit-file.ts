import type { ToolCallContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { applyEdit, EditFailure, type LineRange, type TextEdit } from './apply-edit.js'
import { detectFileKind } from './binary-detection.js'
import { editProblemError } from './edit-errors.js'
import { carryRanges, renderSnippet } from './edit-snippet.js'
import { decodeFileText, encodeFileText, isValidUtf8 } from './file-text.js'
import { splitLines } from './numbered-lines.js'
import { requireFreshRead } from './require-fresh-read.js'
import { similarPath } from './similar-path.js'
import { fileToolLimits } from './limits.js'
import { fileTexts } from './texts.js'
import { commitWrite, prepareWriteTarget } from './write-target.js'

/** What {@link editFile} did. */
export interface EditedFile {
  readonly path: string
  /** True when the file did not exist and the edits created it. */
  readonly created: boolean
  /** Occurrences replaced by all edits together. */
  readonly replacements: number
  /** The first line the edits changed in the final text. */
  readonly firstLine: number
  readonly lines: number
  readonly bytes: number
  /** Numbered lines around the changes. */
  readonly snippet: string
}

/** Words an error uses for a failing edit of a multi-edit. */
export type EditFailureLabel = (index: number, problem: ToolError) => ToolError

/**
 * Applies edits, in order, to one file in memory and writes the result once — all or nothing.
 * Shared by the edit and multi-edit tools. An existing file must be UTF-8 text, read in this
 * invocation (in part is enough) and unchanged since; the write is a compare-and-swap on that
 * read's hash. A missing file is created when the first edit's `old_string` is empty. The BOM and
 * every line ending outside the replaced text stay as they were.
 * @param label wraps the error of a failing edit (the multi-edit names its index)
 */
export async function editFile(
  ctx: ToolCallContext,
  filePath: string,
  edits: readonly TextEdit[],
  label: EditFailureLabel = (_i, e) => e,
): Promise<EditedFile> {
  const { path, stat } = await prepareWriteTarget(ctx, filePath)
  const base = stat === undefined ? await newFileBase(ctx, path, edits) : await existingFileBase(ctx, path)
  let text = base.text
  let ranges: LineRange[] = []
  let replacements = 0
  for (const [index, edit] of edits.entries()) {
    try {
      const applied = applyEdit(text, edit)
      // The snippet shows the first lines changed only, so the earliest ranges are all it needs.
      ranges = [...carryRanges(ranges, applied.replaced), ...applied.replaced.map((r) => r.to)]
        .sort((a, b) => a.first - b.first)
        .slice(0, fileToolLimits.maxSnippetLines)
      replacements += applied.replaced.length
      text = applied.text
    } catch (error) {
      if (!(error instanceof EditFailure)) throw error
      const note = index > 0 && error.problem.kind === 'not_found' ? fileTexts.multiEditOrder : ''
      throw label(index, editProblemError(ctx, path, text, edit, error.problem, note))
    }
  }
  const bytes = encodeFileText(text, base.bom)
  // The model knows all of the file now if it had read all of it, or if it just wrote all of it.
  await commitWrite(ctx, path, bytes, base.expectedSha256, base.full)
  const lines = splitLines(text)
  return {
    path,
    created: stat === undefined,
    replacements,
    firstLine: ranges[0]?.first ?? 1,
    lines: lines.length,
    bytes: bytes.length,
    snippet: renderSnippet(lines, ranges),
  }
}

/** What the edits start from, and how the result is written. */
interface EditBase {
  readonly text: string
  readonly bom: boolean
  /** The compare-and-swap hash; `null` for a file that must not exist yet. */
  readonly expectedSha256: string | null
  readonly full: boolean
}

async function newFileBase(ctx: ToolCallContext, path: string, edits: readonly TextEdit[]): Promise<EditBase> {
  if (edits[0]?.old_string !== '') {
    const suggestion = await similarPath(ctx.workspace, path)
    const hint =
      suggestion === undefined ? '' : fillText(fileTexts.hintDidYouMean, { suggestion: shownPath(suggestion) })
    throw new ToolError('workspace.not_found', fillText(fileTexts.editMissingFile, { path: shownPath(path), hint }))
  }
  return { text: '', bom: false, expectedSha256: null, full: true }
}

async function existingFileBase(ctx: ToolCallContext, path: string): Promise<EditBase> {
  const current = await ctx.workspace.readFile(path)
  const record = requireFreshRead(ctx, path, current, 'any')
  const kind = detectFileKind(current)
  if (kind.binary)
    throw new ToolError(
      'workspace.binary_file',
      fillText(fileTexts.editBinary, { path: shownPath(path), type: kind.type }),
    )
  if (!isValidUtf8(current))
    throw new ToolError('workspace.not_utf8', fillText(fileTexts.editNotUtf8, { path: shownPath(path) }))
  const { text, bom } = decodeFileText(current)
  return { text, bom, expectedSha256: record.sha256, full: record.full }
}
