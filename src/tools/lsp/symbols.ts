import { z } from 'zod'
import { counted } from '../../text/quantities.js'
import { defineTool } from '../../tool/define-tool.js'
import { fileClaim } from '../workspace/files/file-claim.js'
import { describeLspTool } from './format-place.js'
import { lspErrors } from './lsp-errors.js'
import { fileSymbols } from './file-symbols.js'
import { workspaceSymbols } from './workspace-symbols.js'
import { lspDescriptions } from './lsp-texts.js'
import { lspUnavailableWith } from './unavailable.js'

/**
 * `lsp.symbols`: a file's outline (`file_path`: document symbols, nested, with kinds and lines) or
 * the workspace's symbols matching `query`. Structured output: `{ path, total, symbols }` or
 * `{ query, total, symbols }`.
 */
export const lspSymbolsTool = defineTool({
  name: 'lsp.symbols',
  description: (ctx) => describeLspTool(lspDescriptions.symbols, ctx),
  inputSchema: z.object({
    file_path: z.string().optional().describe('Workspace path of a file: list its symbols as an outline.'),
    query: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('Part of a symbol name: list matching symbols of the whole workspace.'),
  }),
  // Not read-only: the language server runs outside the sandbox and may run code of the workspace
  // (a tsconfig plugin, a project's own compiler), so calls ask unless a rule allows them.
  annotations: { readOnly: false, idempotent: true },
  unavailableWith: lspUnavailableWith,
  resources: ({ file_path }) => (file_path === undefined ? [] : [fileClaim(file_path, 'read')]),
  permissionSubject: ({ file_path }) =>
    file_path === undefined ? undefined : { kind: 'path', paths: [file_path], access: 'read' },
  call: async ({ file_path, query }, ctx) => {
    if ((file_path === undefined) === (query === undefined)) throw lspErrors.symbolsTarget()
    if (file_path !== undefined) return fileSymbols(ctx, file_path)
    return workspaceSymbols(ctx, query ?? '')
  },
  renderToolUseMessage: ({ file_path, query }) =>
    file_path !== undefined ? `List symbols of ${file_path}` : `Find symbols matching "${query ?? ''}"`,
  renderToolResultMessage: (output) => {
    const total = output.structured?.total
    return typeof total === 'number' ? counted(total, 'symbol') : 'Symbols failed'
  },
})
