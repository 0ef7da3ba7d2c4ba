import type { ToolCallContext, ToolOutput } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { detectFileKind } from './binary-detection.js'
import { notFoundError, statRegularFile } from './file-errors.js'
import { decodeFileText } from './file-text.js'
import { counted, formatBytes, formatCount } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { splitLines } from './numbered-lines.js'
import { readWindow, type ReadWindow } from './read-window.js'
import { similarPath } from './similar-path.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
import { restrictedWorkspace } from './restricted-workspace.js'

/** The arguments of `workspace.read_file`. */
export interface ReadFileArgs {
  readonly file_path: string
  readonly offset?: number | undefined
  readonly limit?: number | undefined
}

/** Runs `workspace.read_file` (see `readFileTool`): loaded with its first call. */
export async function readFileRun(
  { file_path, offset, limit }: ReadFileArgs,
  ctx: ToolCallContext,
): Promise<ToolOutput> {
  const { path } = await restrictedWorkspace(ctx).resolve(file_path, 'read')
  const stat = await statRegularFile(ctx, path)
  if (stat === undefined) {
    const suggestion = await similarPath(ctx.workspace, path)
    throw notFoundError(
      path,
      suggestion === undefined ? '' : fillText(fileTexts.hintDidYouMean, { suggestion: shownPath(suggestion) }),
    )
  }
  const bytes = await ctx.workspace.readFile(path)
  const sha256 = sha256Hex(bytes)
  const shown = shownPath(path)
  const kind = detectFileKind(bytes)
  if (kind.binary) {
    // The model has seen all this tool can show of it; a later replacement is still compare-and-swap.
    ctx.readState.record(path, sha256, true)
    const content = fillText(fileTexts.readBinary, { path: shown, type: kind.type, size: formatBytes(bytes.length) })
    return { content, structured: { path, kind: 'binary', type: kind.type, bytes: bytes.length } }
  }
  const lines = splitLines(decodeFileText(bytes).text)
  if (lines.length === 0) {
    ctx.readState.record(path, sha256, true)
    return {
      content: fillText(fileTexts.readEmpty, { path: shown }),
      structured: { path, kind: 'empty', totalLines: 0, bytes: bytes.length },
    }
  }
  const start = offset ?? 1
  if (start > lines.length) {
    const values = {
      offset: formatCount(start),
      path: shown,
      total: counted(lines.length, 'line'),
      last: formatCount(lines.length),
    }
    throw new ToolError('read_file.offset_past_end', fillText(fileTexts.readOffsetPastEnd, values))
  }
  const window = readWindow(lines, start, limit)
  const full = start === 1 && window.last === lines.length && window.cutLines === 0
  ctx.readState.record(path, sha256, full)
  const notes = [cutNote(window, ctx), windowNote(window, lines.length, limit)].filter((note) => note !== '')
  const structured = {
    path,
    kind: 'text',
    startLine: window.first,
    endLine: window.last,
    totalLines: lines.length,
    full,
    cutLines: window.cutLines,
    nextOffset: window.last < lines.length ? window.last + 1 : null,
  }
  return { content: [window.text, ...notes].join('\n\n'), structured }
}

function windowNote(window: ReadWindow, total: number, limit: number | undefined): string {
  if (window.last >= total) return ''
  const reason =
    window.stop === 'limit'
      ? fillText(fileTexts.readStopLimit, { max: formatCount(limit ?? 0) })
      : window.stop === 'chars'
        ? fillText(fileTexts.readStopChars, { max: formatCount(fileToolLimits.maxChars) })
        : window.stop === 'bytes'
          ? fillText(fileTexts.readStopBytes, { max: formatBytes(fileToolLimits.maxBytes) })
          : fillText(fileTexts.readStopLines, { max: formatCount(fileToolLimits.maxLines) })
  const values = {
    first: formatCount(window.first),
    last: formatCount(window.last),
    total: formatCount(total),
    reason,
    next: formatCount(window.last + 1),
  }
  return fillText(fileTexts.readWindowNote, values)
}

function cutNote(window: ReadWindow, ctx: ToolCallContext): string {
  if (window.cutLines === 0) return ''
  const count = window.cutLines === 1 ? '1 line' : `${formatCount(window.cutLines)} lines`
  const hint = ifOffered(ctx, fileToolIds.search, fileTexts.hintSearch)
  return fillText(fileTexts.readCutNote, { count, max: formatCount(fileToolLimits.maxLineChars), hint })
}
