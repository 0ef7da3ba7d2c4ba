import { z } from 'zod'
import { fillText } from '../../text/model-text.js'
import { defineTool } from '../../tool/define-tool.js'
import { fileClaim } from '../workspace/files/file-claim.js'
import { askedPosition } from './asked-position.js'
import { describeLspTool } from './format-place.js'
import { isRecord } from './lsp-results.js'
import { askAboutFile } from './lsp-target.js'
import { lspDescriptions, lspTexts as texts } from './lsp-texts.js'
import { positionInput } from './position-input.js'
import { lspUnavailableWith } from './unavailable.js'

/** Characters of hover text shown at most. */
const maxHoverChars = 8000

/**
 * `lsp.hover`: the type and documentation of the symbol at a 1-based position, as the server's
 * Markdown or text. Structured output: `{ path, line, column, text }` (`text` empty when nothing).
 */
export const lspHoverTool = defineTool({
  name: 'lsp.hover',
  description: (ctx) => describeLspTool(lspDescriptions.hover, ctx),
  inputSchema: z.object(positionInput),
  // Not read-only: the language server runs outside the sandbox and may run code of the workspace
  // (a tsconfig plugin, a project's own compiler), so calls ask unless a rule allows them.
  annotations: { readOnly: false, idempotent: true },
  unavailableWith: lspUnavailableWith,
  resources: ({ file_path }) => [fileClaim(file_path, 'read')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'read' }),
  call: ({ file_path, line, column }, ctx) =>
    askAboutFile(ctx, file_path, async ({ server, path, document, timeoutMs, signal }) => {
      const position = askedPosition(document.text, path, line, column)
      const result = await server.request<unknown>(
        'textDocument/hover',
        { textDocument: { uri: document.uri }, position },
        { timeoutMs, signal },
      )
      const full = server.redact(hoverText(result))
      const text = full.length > maxHoverChars ? `${full.slice(0, maxHoverChars)}…` : full
      const base = { path, line, column }
      return { content: text === '' ? fillText(texts.hoverNone, base) : text, structured: { ...base, text } }
    }),
  renderToolUseMessage: ({ file_path, line, column }) => `Hover at ${file_path}:${line}:${column}`,
  renderToolResultMessage: (output) => {
    const text = output.structured?.text
    if (typeof text !== 'string') return 'Hover failed'
    const first = text.split('\n').find((l) => l.trim() !== '' && !l.startsWith('```'))
    return first === undefined ? 'Nothing to show' : first.slice(0, 80)
  },
})

/** The text of a hover answer: MarkupContent, a MarkedString, or a list of them. */
function hoverText(result: unknown): string {
  if (!isRecord(result)) return ''
  const parts = Array.isArray(result.contents) ? result.contents : [result.contents]
  return parts
    .map((part) => {
      if (typeof part === 'string') return part
      if (!isRecord(part) || typeof part.value !== 'string') return ''
      return typeof part.language === 'string' ? `\`\`\`${part.language}\n${part.value}\n\`\`\`` : part.value
    })
    .filter((part) => part.trim() !== '')
    .join('\n\n')
    .trim()
}
