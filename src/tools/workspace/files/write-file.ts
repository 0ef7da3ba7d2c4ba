import { z } from 'zod'
import { defineTool, type ToolOutput } from '../../../tool/define-tool.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { detectFileKind } from './binary-detection.js'
import { describe } from './describe.js'
import { decodeFileText, encodeFileText } from './file-text.js'
import { counted, formatBytes } from '../../../text/quantities.js'
import { adoptLineEnding, countLines, dominantLineEnding } from './line-endings.js'
import { requireFreshRead } from './require-fresh-read.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
import { commitWrite, prepareWriteTarget } from './write-target.js'
import { fileClaim } from './file-claim.js'

const template = loadText(import.meta.url, 'write-file.description.md')

const inputSchema = z.object({
  file_path: z.string().describe('Workspace path of the file, e.g. src/index.ts.'),
  content: z.string().describe('The text to write.'),
  mode: z
    .enum(['replace', 'append'])
    .optional()
    .describe('replace (default): the file becomes content; append: content is added at its end.'),
})

/**
 * `workspace.write_file`: creates, replaces or appends to a text file. Changing an existing file
 * needs a full read of it in this invocation (`workspace.read_required`) and is a compare-and-swap
 * on the hash that read recorded (`workspace.file_changed`). Content written with LF line breaks
 * takes on a CRLF file's endings, and a byte-order mark is kept. Structured output:
 * `{ path, action: 'created' | 'replaced' | 'appended' | 'unchanged', lines, bytes, totalLines }`.
 */
export const writeFileTool = defineTool({
  name: 'workspace.write_file',
  description: (ctx) => describe(template, [ifOffered(ctx, fileToolIds.edit, fileTexts.descWriteEdit)]),
  inputSchema,
  annotations: { readOnly: false, destructive: true },
  renamedParameters: {
    path: 'file_path',
    filePath: 'file_path',
    filename: 'file_path',
    contents: 'content',
    text: 'content',
  },
  resources: ({ file_path }) => [fileClaim(file_path, 'write')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'write' }),
  call: async ({ file_path, content, mode = 'replace' }, ctx) => {
    const { path, stat } = await prepareWriteTarget(ctx, file_path)
    const shown = shownPath(path)
    if (stat === undefined) {
      const bytes = Buffer.from(content, 'utf8')
      await commitWrite(ctx, path, bytes, null, true)
      const lines = countLines(content)
      const values = { path: shown, lines: counted(lines, 'line'), bytes: formatBytes(bytes.length) }
      return {
        content: fillText(fileTexts.writeCreated, values),
        structured: { path, action: 'created', lines, bytes: bytes.length, totalLines: lines },
      }
    }
    const current = await ctx.workspace.readFile(path)
    const record = requireFreshRead(ctx, path, current, 'full')
    const existing = decodeFileText(current)
    const isText = !detectFileKind(current).binary
    const ending = isText ? dominantLineEnding(existing.text) : '\n'
    const body = adoptLineEnding(content, ending)
    const keepBom = mode === 'replace' && isText && existing.bom && !body.startsWith('\uFEFF')
    const added = mode === 'append' ? Buffer.from(body, 'utf8') : encodeFileText(body, keepBom)
    const bytes = mode === 'append' ? Buffer.concat([current, added]) : added
    const lines = countLines(body)
    const totalLines = countLines(decodeFileText(bytes).text)
    const structured = { path, lines, bytes: added.length, totalLines }
    if (bytes.equals(current)) {
      return {
        content: fillText(fileTexts.writeUnchanged, { path: shown }),
        structured: { ...structured, action: 'unchanged' },
      }
    }
    await commitWrite(ctx, path, bytes, record.sha256, true)
    const kept = keptFormat(body !== content, keepBom)
    const values = {
      path: shown,
      lines: counted(lines, 'line'),
      bytes: formatBytes(added.length),
      total: counted(totalLines, 'line'),
      kept,
    }
    const action = mode === 'append' ? 'appended' : 'replaced'
    return {
      content: fillText(mode === 'append' ? fileTexts.writeAppended : fileTexts.writeReplaced, values),
      structured: { ...structured, action },
    }
  },
  renderToolUseMessage: ({ file_path, mode }) => `${mode === 'append' ? 'Append to' : 'Write'} ${file_path}`,
  renderToolResultMessage: (output: ToolOutput) => {
    const s = output.structured
    const lines = counted(Number(s?.lines ?? 0), 'line')
    if (s?.action === 'created') return `Created (${lines})`
    if (s?.action === 'appended') return `Appended ${lines}`
    if (s?.action === 'unchanged') return 'Unchanged'
    return `Wrote ${lines}`
  },
})

function keptFormat(crlf: boolean, bom: boolean): string {
  const what = [crlf ? 'CRLF line endings' : '', bom ? 'byte-order mark' : '']
    .filter((part) => part !== '')
    .join(' and ')
  return what === '' ? '' : fillText(fileTexts.keptFormat, { what })
}
