import { z } from 'zod'
import { defineTool, type ToolCallContext, type ToolOutput } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { detectFileKind } from './binary-detection.js'
import { describe } from './describe.js'
import { notFoundError, statRegularFile } from './file-errors.js'
import { decodeFileText } from './file-text.js'
import { counted, formatBytes, formatCount } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { splitLines } from './numbered-lines.js'
import { readWindow, type ReadWindow } from './read-window.js'
import { similarPath } from './similar-path.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
import { fileClaim } from './file-claim.js'
import { restrictedWorkspace } from './restricted-workspace.js'

const template = loadText(import.meta.url, 'read-file.description.md')

const inputSchema = z.object({
  file_path: z.string().describe('Workspace path of the file, e.g. src/index.ts.'),
  offset: z.number().int().min(1).optional().describe('First line to read, 1-based; default 1.'),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Number of lines to read; at most ${formatCount(fileToolLimits.maxLines)} per call.`),
})

/**
 * `workspace.read_file`: numbered lines of a text file, in windows bounded by
 * {@link fileToolLimits}, ending with a note naming the next `offset`. Binary files are described
 * (type and size), empty files said to be empty. Every successful read is recorded in the
 * invocation's read-state — full only when the whole file fit uncut in the window — which the
 * writing tools require. Structured output: `{ path, kind: 'text' | 'empty' | 'binary', ... }`.
 */
export const readFileTool = defineTool({
  name: 'workspace.read_file',
  description: (ctx) =>
    describe(template, [
      ifOffered(ctx, fileToolIds.write, fileTexts.descReadBeforeWrite),
      ifOffered(ctx, fileToolIds.edit, fileTexts.descReadBeforeEdit),
      ifOffered(ctx, fileToolIds.list, fileTexts.descReadList),
    ]),
  inputSchema,
  annotations: { readOnly: true, idempotent: true },
  pagesItself: true,
  renamedParameters: {
    path: 'file_path',
    filePath: 'file_path',
    filename: 'file_path',
    start_line: 'offset',
    line: 'offset',
    lines: 'limit',
  },
  resources: ({ file_path }) => [fileClaim(file_path, 'read')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'read' }),
  call: async ({ file_path, offset, limit }, ctx) => {
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
  },
  renderToolUseMessage: ({ file_path, offset, limit }) => {
    if (offset === undefined && limit === undefined) return `Read ${file_path}`
    const from = offset ?? 1
    return `Read ${file_path} (${limit === undefined ? `from line ${from}` : `lines ${from}–${from + limit - 1}`})`
  },
  renderToolResultMessage: (output: ToolOutput) => summarizeRead(output.structured),
})

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

function summarizeRead(structured: Record<string, unknown> | undefined): string {
  if (structured?.kind === 'binary')
    return `Binary file (${String(structured.type)}, ${formatBytes(Number(structured.bytes))})`
  if (structured?.kind === 'empty') return 'Empty file'
  if (structured?.kind !== 'text') return 'Read failed'
  const [first, last, total] = [structured.startLine, structured.endLine, structured.totalLines].map(Number)
  return first === 1 && last === total
    ? `Read ${counted(total ?? 0, 'line')}`
    : `Read lines ${formatCount(first ?? 0)}–${formatCount(last ?? 0)} of ${formatCount(total ?? 0)}`
}
