import { z } from 'zod'
import { fillText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import { defineTool } from '../../tool/define-tool.js'
import { shownPath } from '../../workspace/normalize-path.js'
import { fileClaim } from '../workspace/files/file-claim.js'
import { describeLspTool } from './format-place.js'
import { fileDiagnostics } from './file-diagnostics.js'
import { asRange, isRecord } from './lsp-results.js'
import { askAboutFile } from './lsp-target.js'
import { lspDescriptions, lspTexts as texts } from './lsp-texts.js'
import { columnOf, splitLines } from './positions.js'
import { lspUnavailableWith } from './unavailable.js'

/** Problems listed at most. */
const maxListedDiagnostics = 200
const severities = ['error', 'warning', 'info', 'hint'] as const

/** One problem as the tool shows it. */
interface ShownDiagnostic {
  readonly severity: (typeof severities)[number]
  readonly line: number
  readonly column: number
  readonly code?: string
  readonly source?: string
  readonly message: string
}

/**
 * `lsp.diagnostics`: the errors, warnings and notes the server reports for a file (hints left out,
 * counted), in line order. Structured output: `{ path, errors, warnings, infos, hints, diagnostics }`.
 */
export const lspDiagnosticsTool = defineTool({
  name: 'lsp.diagnostics',
  description: (ctx) => describeLspTool(lspDescriptions.diagnostics, ctx),
  inputSchema: z.object({ file_path: z.string().describe('Workspace path of the file, e.g. src/index.ts.') }),
  // Not read-only: the language server runs outside the sandbox and may run code of the workspace
  // (a tsconfig plugin, a project's own compiler), so calls ask unless a rule allows them.
  annotations: { readOnly: false, idempotent: true },
  unavailableWith: lspUnavailableWith,
  resources: ({ file_path }) => [fileClaim(file_path, 'read')],
  permissionSubject: ({ file_path }) => ({ kind: 'path', paths: [file_path], access: 'read' }),
  call: ({ file_path }, ctx) =>
    askAboutFile(ctx, file_path, async ({ server, path, document, timeoutMs, signal }) => {
      const items = await fileDiagnostics(server, document, { timeoutMs, signal })
      const lines = splitLines(document.text)
      const all = items.map((item) => shownDiagnostic(item, lines, server.redact.bind(server)))
      const found = all.filter((d) => d !== undefined).sort((a, b) => a.line - b.line || a.column - b.column)
      const count = (severity: ShownDiagnostic['severity']) => found.filter((d) => d.severity === severity).length
      const tally = { errors: count('error'), warnings: count('warning'), infos: count('info'), hints: count('hint') }
      const shown = found.filter((d) => d.severity !== 'hint')
      const listed = shown.slice(0, maxListedDiagnostics)
      const structured = { path, ...tally, diagnostics: listed }
      if (shown.length === 0) {
        const content = [
          fillText(texts.diagnosticsNone, { path: shownPath(path) }),
          ...(tally.hints > 0 ? [fillText(texts.diagnosticsHints, { count: tally.hints })] : []),
        ]
        return { content: content.join('\n'), structured }
      }
      const counts = [counted(tally.errors, 'error'), counted(tally.warnings, 'warning')]
      if (tally.infos > 0) counts.push(counted(tally.infos, 'note'))
      const content = [
        fillText(texts.diagnosticsHeader, { path: shownPath(path), counts: counts.join(', ') }),
        ...listed.map(diagnosticLine),
        ...(shown.length > listed.length
          ? [fillText(texts.referencesMore, { count: shown.length - listed.length })]
          : []),
        ...(tally.hints > 0 ? [fillText(texts.diagnosticsHints, { count: tally.hints })] : []),
      ]
      return { content: content.join('\n'), structured }
    }),
  renderToolUseMessage: ({ file_path }) => `Check ${file_path}`,
  renderToolResultMessage: (output) => {
    const { errors, warnings } = output.structured ?? {}
    if (typeof errors !== 'number' || typeof warnings !== 'number') return 'Check failed'
    return `${counted(errors, 'error')}, ${counted(warnings, 'warning')}`
  },
})

function shownDiagnostic(
  item: unknown,
  lines: readonly string[],
  redact: (text: string) => string,
): ShownDiagnostic | undefined {
  if (!isRecord(item) || typeof item.message !== 'string') return undefined
  const range = asRange(item.range)
  const start = range?.start ?? { line: 0, character: 0 }
  const lineText = lines[start.line] ?? ''
  const severity = severities[(typeof item.severity === 'number' ? item.severity : 1) - 1] ?? 'error'
  const code = typeof item.code === 'string' || typeof item.code === 'number' ? String(item.code) : undefined
  return {
    severity,
    line: start.line + 1,
    column: columnOf(lineText, start.character),
    ...(code !== undefined && { code }),
    ...(typeof item.source === 'string' && { source: item.source }),
    message: redact(item.message),
  }
}

function diagnosticLine(d: ShownDiagnostic): string {
  const code = d.code === undefined ? '' : ` [${d.source === undefined ? '' : `${d.source} `}${d.code}]`
  return `${d.severity} ${d.line}:${d.column}${code} ${d.message.replace(/\n+/g, ' ')}`
}
