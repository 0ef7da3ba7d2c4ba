import { z } from 'zod'
import { defineTool, type ToolOutput } from '../../../tool/define-tool.js'
import { loadText } from '../../../text/model-text.js'
import { describe } from './describe.js'
import { counted } from '../../../text/quantities.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
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
  // Checking the read, keeping line endings and the compare-and-swap write load with the first write.
  call: async (args, ctx) => (await import('./write-file-run.js')).writeFileRun(args, ctx),
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
