import { z } from 'zod'
import { defineTool } from '../../../tool/define-tool.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { globFiles } from './glob-files.js'
import { counted } from '../../../text/quantities.js'
import { restrictedWorkspace } from '../files/restricted-workspace.js'

const texts = {
  description: loadText(import.meta.url, 'glob.description.md'),
  noMatches: loadText(import.meta.url, 'texts/glob-no-matches.txt'),
  allShown: loadText(import.meta.url, 'texts/glob-all-shown.txt'),
  truncated: loadText(import.meta.url, 'texts/glob-truncated.txt'),
}

/** Most files one call returns. */
export const globMaxResults = 100

const inputSchema = z.object({
  pattern: z.string().describe('Glob relative to `path`, e.g. `src/**/*.ts`, `*.md` or `**/test_*.py`.'),
  path: z.string().optional().describe('Folder to search in, relative to the workspace root; default the root.'),
})

/**
 * `workspace.glob`: files whose path (relative to `path`) matches a glob, newest first, at most
 * `globMaxResults`, respecting `.gitignore`. Structured output: `{ files, total, truncated }`.
 */
export const globTool = defineTool({
  name: 'workspace.glob',
  description: (ctx) =>
    fillText(texts.description, {
      search: ctx.alias('builtin:workspace.search_files'),
      listFiles: ctx.alias('builtin:workspace.list_files'),
    }),
  inputSchema,
  annotations: { readOnly: true },
  renamedParameters: { glob: 'pattern', dir: 'path', directory: 'path' },
  resources: () => [{ kind: 'workspace', access: 'read' }],
  permissionSubject: (input) => ({ kind: 'path', paths: [input.path ?? '.'], access: 'read' }),
  call: async (input, ctx) => {
    const { path, files } = await globFiles(
      restrictedWorkspace(ctx),
      input.path ?? '',
      input.pattern,
      ctx.alias('builtin:workspace.read_file'),
      ctx.signal,
    )
    const shown = files.slice(0, globMaxResults).map((file) => file.path)
    const truncated = files.length > shown.length
    const total = counted(files.length, 'file')
    const note =
      files.length === 0
        ? fillText(texts.noMatches, { pattern: input.pattern, where: path === '' ? 'the workspace' : path })
        : truncated
          ? fillText(texts.truncated, { shown: shown.length, total, pattern: input.pattern })
          : fillText(texts.allShown, { total })
    return {
      content: shown.length === 0 ? note : `${shown.join('\n')}\n\n${note}`,
      structured: { files: shown, total: files.length, truncated },
    }
  },
  renderToolUseMessage: (input) => `Find ${input.pattern}${input.path === undefined ? '' : ` in ${input.path}`}`,
  renderToolResultMessage: (output) => {
    const structured = output.structured as { total?: number } | undefined
    return structured?.total === undefined ? 'Found files' : `${counted(structured.total, 'file')}`
  },
})
