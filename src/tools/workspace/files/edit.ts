import { z } from 'zod'
import { defineTool } from '../../../tool/define-tool.js'
import { loadText } from '../../../text/model-text.js'
import { describe } from './describe.js'
import { editOutput, summarizeEdit } from './edit-output.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'
import { fileClaim } from './file-claim.js'

const template = loadText(import.meta.url, 'edit.description.md')

const inputSchema = z.object({
  file_path: z.string().describe('Workspace path of the file, e.g. src/index.ts.'),
  old_string: z.string().describe('The exact text to replace; empty only to create a file.'),
  new_string: z.string().describe('The text to put in its place.'),
  replace_all: z.boolean().optional().describe('Replace every occurrence of old_string; default false.'),
})

/**
 * `workspace.edit`: replaces exact text in a file — unique unless `replace_all` — after a read of
 * it in this invocation, as a compare-and-swap on that read's hash. CRLF endings and a BOM are
 * kept. Errors: `edit.not_found` (with near-miss hints), `edit.not_unique`, `edit.no_change`,
 * `edit.empty_old_string`, `workspace.read_required`, `workspace.file_changed`. An empty
 * `old_string` on a missing file creates it. Structured output: `{ path, replacements, firstLine, created }`.
 */
export const editTool = defineTool({
  name: 'workspace.edit',
  description: (ctx) =>
    describe(template, [
      ifOffered(ctx, fileToolIds.multiEdit, fileTexts.descEditMulti),
      ifOffered(ctx, fileToolIds.write, fileTexts.descEditWrite),
    ]),
  inputSchema,
  annotations: { readOnly: false, destructive: true },
  renamedParameters: {
    path: 'file_path',
    filePath: 'file_path',
    old_str: 'old_string',
    new_str: 'new_string',
    oldString: 'old_string',
    newString: 'new_string',
    replaceAll: 'replace_all',
  },
  resources: ({ file_path }) => [fileClaim(file_path, 'write')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'write' }),
  // The edit engine (matching, near-miss hints, compare-and-swap writes) loads with the first edit.
  call: async ({ file_path, old_string, new_string, replace_all }, ctx) => {
    const { editFile } = await import('./edit-file.js')
    return editOutput(await editFile(ctx, file_path, [{ old_string, new_string, replace_all }]))
  },
  renderToolUseMessage: ({ file_path, replace_all }) =>
    `Edit ${file_path}${replace_all === true ? ' (all occurrences)' : ''}`,
  renderToolResultMessage: summarizeEdit,
})
