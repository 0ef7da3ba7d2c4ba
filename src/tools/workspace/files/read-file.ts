import { z } from 'zod'
import { defineTool, type ToolOutput } from '../../../tool/define-tool.js'
import { loadText } from '../../../text/model-text.js'
import { describe } from './describe.js'
import { counted, formatBytes, formatCount } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
import { fileClaim } from './file-claim.js'

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
  // Reading, windowing and the did-you-mean search load with the first read.
  call: async (args, ctx) => (await import('./read-file-run.js')).readFileRun(args, ctx),
  renderToolUseMessage: ({ file_path, offset, limit }) => {
    if (offset === undefined && limit === undefined) return `Read ${file_path}`
    const from = offset ?? 1
    return `Read ${file_path} (${limit === undefined ? `from line ${from}` : `lines ${from}–${from + limit - 1}`})`
  },
  renderToolResultMessage: (output: ToolOutput) => summarizeRead(output.structured),
})

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
