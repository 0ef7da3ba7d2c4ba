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
import { lspUnavailableWith } from './unavailable.js'

/**
 * `lsp.definition`: where the symbol at a 1-based position is defined, each place with its line.
 * Structured output: `{ path, line, column, definitions: [{ path, line, column, text } | { outside, line }], leftOut }`.
 */
export const lspDefinitionTool = defineTool({
  name: 'lsp.definition',
  description: (ctx) => describeLspTool(lspDescriptions.definition, ctx),
  inputSchema: z.object(positionInput),
  // Not read-only: the language server runs outside the sandbox and may run code of the workspace
  // (a tsconfig plugin, a project's own compiler), so calls ask unless a rule allows them.
  annotations: { readOnly: false, idempotent: true },
  unavailableWith: lspUnavailableWith,
  resources: ({ file_path }) => [fileClaim(file_path, 'read')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'read' }),
  call: ({ file_path, line, column }, ctx) =>
    askAboutFile(ctx, file_path, async ({ server, path, document, places, timeoutMs, signal }) => {
      const position = askedPosition(document.text, path, line, column)
      const result = await server.request<unknown>(
        'textDocument/definition',
        { textDocument: { uri: document.uri }, position },
        { timeoutMs, signal },
      )
      const shown = await Promise.all(locationsOf(result).map((l) => places.position(l.uri, l.range)))
      const visible = shown.filter((p) => p.place.kind !== 'hidden')
      const leftOut = shown.length - visible.length
      const base = { path, line, column }
      if (visible.length === 0) {
        if (server.busyWith !== undefined) throw lspErrors.indexing(server.name, server.busyWith)
        return {
          content: [fillText(texts.definitionNone, base), ...leftOutNote(leftOut)].join('\n'),
          structured: { ...base, definitions: [], leftOut },
        }
      }
      return {
        content: [texts.definitionHeader, ...visible.map(placeLine), ...leftOutNote(leftOut)].join('\n'),
        structured: { ...base, definitions: visible.map(placeRecord), leftOut },
      }
    }),
  renderToolUseMessage: ({ file_path, line, column }) => `Find definition at ${file_path}:${line}:${column}`,
  renderToolResultMessage: (output) => {
    const found = output.structured?.definitions
    return Array.isArray(found) ? counted(found.length, 'definition') : 'Definition failed'
  },
})
