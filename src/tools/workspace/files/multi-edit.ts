import { z } from 'zod'
import { defineTool } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { describe } from './describe.js'
import { editOutput, summarizeEdit } from './edit-output.js'
import { counted } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
import { fileClaim } from './file-claim.js'

const template = loadText(import.meta.url, 'multi-edit.description.md')

const editSchema = z.object({
  old_string: z.string().describe('The exact text to replace; empty only in the first edit, to create a file.'),
  new_string: z.string().describe('The text to put in its place.'),
  replace_all: z.boolean().optional().describe('Replace every occurrence of old_string; default false.'),
})

const inputSchema = z.object({
  file_path: z.string().describe('Workspace path of the file, e.g. src/index.ts.'),
  edits: z.array(editSchema).min(1).max(fileToolLimits.maxEdits).describe('The replacements, applied in order.'),
})

/**
 * `workspace.multi_edit`: several edits of one file applied in order to its text in memory and
 * written once — if any edit fails, nothing is written and the error (the failing edit's own code,
 * such as `edit.not_found`) names it as `edits[i]`. Same read, stale-file, CRLF and BOM rules as
 * `workspace.edit`. Structured output: `{ path, replacements, firstLine, created, edits }`.
 */
export const multiEditTool = defineTool({
  name: 'workspace.multi_edit',
  description: (ctx) => describe(template, [ifOffered(ctx, fileToolIds.write, fileTexts.descEditWrite)]),
  inputSchema,
  annotations: { readOnly: false, destructive: true },
  renamedParameters: { path: 'file_path', filePath: 'file_path', changes: 'edits' },
  resources: ({ file_path }) => [fileClaim(file_path, 'write')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'write' }),
  call: async ({ file_path, edits }, ctx) => {
    const { editFile } = await import('./edit-file.js')
    const label = (index: number, error: ToolError) => {
      const values = { index, n: index + 1, total: edits.length, reason: error.message }
      return new ToolError(error.code, fillText(fileTexts.multiEditFailed, values), { editIndex: index })
    }
    return editOutput(await editFile(ctx, file_path, edits, label), edits.length)
  },
  renderToolUseMessage: ({ file_path, edits }) => `Edit ${file_path} (${counted(edits.length, 'change')})`,
  renderToolResultMessage: summarizeEdit,
})
