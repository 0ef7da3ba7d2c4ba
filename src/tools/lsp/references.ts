import { z } from 'zod'
import { fillText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import { defineTool } from '../../tool/define-tool.js'
import { fileClaim } from '../workspace/files/file-claim.js'
import { askedPosition } from './asked-position.js'
import { describeLspTool, leftOutNote, placeLine, placeRecord } from './format-place.js'
import { lspErrors } from './lsp-errors.js'
import { locationsOf } from './lsp-results.js'
import { askAboutFile } from './lsp-target.js'
import { lspDescriptions, lspTexts as texts } from './lsp-texts.js'
import { positionInput } from './position-input.js'
import type { ShownPosition } from './places.js'
import { lspUnavailableWith } from './unavailable.js'

/** References listed at most; the count says how many there are. */
export const maxListedReferences = 200

/**
 * `lsp.references`: every use of the symbol at a 1-based position, in path and line order, at most
 * {@link maxListedReferences}. Structured output: `{ path, line, column, total, references, leftOut }`.
 */
export const lspReferencesTool = defineTool({
  name: 'lsp.references',
  description: (ctx) => describeLspTool(lspDescriptions.references, ctx, { max: maxListedReferences }),
  inputSchema: z.object({
    ...positionInput,
    include_declaration: z.boolean().optional().describe('Also list the definition itself; default true.'),
  }),
  // Not read-only: the language server runs outside the sandbox and may run code of the workspace
  // (a tsconfig plugin, a project's own compiler), so calls ask unless a rule allows them.
  annotations: { readOnly: false, idempotent: true },
  unavailableWith: lspUnavailableWith,
  resources: ({ file_path }) => [fileClaim(file_path, 'read')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'read' }),
  call: ({ file_path, line, column, include_declaration = true }, ctx) =>
    askAboutFile(ctx, file_path, async ({ server, path, document, places, timeoutMs, signal }) => {
      const position = askedPosition(document.text, path, line, column)
      const result = await server.request<unknown>(
        'textDocument/references',
        { textDocument: { uri: document.uri }, position, context: { includeDeclaration: include_declaration } },
        { timeoutMs, signal },
      )
      const shown = await Promise.all(locationsOf(result).map((l) => places.position(l.uri, l.range)))
      const visible = shown.filter((p) => p.place.kind !== 'hidden').sort(byPlace)
      const leftOut = shown.length - visible.length
      const base = { path, line, column }
      if (visible.length === 0) {
        if (server.busyWith !== undefined) throw lspErrors.indexing(server.name, server.busyWith)
        return {
          content: [fillText(texts.referencesNone, base), ...leftOutNote(leftOut)].join('\n'),
          structured: { ...base, total: 0, references: [], leftOut },
        }
      }
      const listed = visible.slice(0, maxListedReferences)
      const more = visible.length - listed.length
      const lines = [
        fillText(texts.referencesHeader, { ...base, count: counted(visible.length, 'reference') }),
        ...listed.map(placeLine),
        ...(more > 0 ? [fillText(texts.referencesMore, { count: more })] : []),
        ...leftOutNote(leftOut),
      ]
      return {
        content: lines.join('\n'),
        structured: { ...base, total: visible.length, references: listed.map(placeRecord), leftOut },
      }
    }),
  renderToolUseMessage: ({ file_path, line, column }) => `Find references at ${file_path}:${line}:${column}`,
  renderToolResultMessage: (output) => {
    const total = output.structured?.total
    return typeof total === 'number' ? counted(total, 'reference') : 'References failed'
  },
})

/** Workspace files by path, line and column; files outside after them. */
function byPlace(a: ShownPosition, b: ShownPosition): number {
  const key = (p: ShownPosition) =>
    p.place.kind === 'workspace' ? `0${p.place.path}` : `1${p.place.kind === 'outside' ? p.place.name : ''}`
  return key(a).localeCompare(key(b)) || a.line - b.line || a.column - b.column
}
