import { ToolError } from '../../core/tool-error.js'
import { cutShort, fillText, loadTexts } from '../../text/model-text.js'
import { shownPath } from '../../workspace/normalize-path.js'

const texts = loadTexts(import.meta.url, [
  'unknownLanguage',
  'serverNotFound',
  'serverStartFailed',
  'serverCrashed',
  'stderrTail',
  'requestTimeout',
  'indexing',
  'serverError',
  'notSupported',
  'lineOutOfRange',
  'columnOutOfRange',
  'symbolsTarget',
])

/** The model's errors of the `lsp.*` tools; each says what went wrong and what to do instead. */
export const lspErrors = {
  unknownLanguage: (path: string, extensions: readonly string[]) =>
    new ToolError(
      'lsp.unknown_language',
      fillText(texts.unknownLanguage, { path: shownPath(path), extensions: extensions.join(', ') }),
      { path },
    ),
  serverNotFound: (server: string, command: string) =>
    new ToolError('lsp.server_unavailable', fillText(texts.serverNotFound, { server, command: cutShort(command) }), {
      server,
      command,
    }),
  serverStartFailed: (server: string, reason: string) =>
    new ToolError('lsp.server_unavailable', fillText(texts.serverStartFailed, { server, reason: cutShort(reason) }), {
      server,
    }),
  serverCrashed: (server: string, exit: string, stderr: readonly string[]) =>
    new ToolError(
      'lsp.server_crashed',
      fillText(texts.serverCrashed, {
        server,
        exit,
        stderr: stderr.length === 0 ? '' : fillText(texts.stderrTail, { lines: stderr.join('\n') }),
      }),
      { server, exit },
    ),
  timeout: (server: string, method: string, seconds: number) =>
    new ToolError('lsp.timeout', fillText(texts.requestTimeout, { server, method, seconds }), { server, method }),
  indexing: (server: string, what: string) =>
    new ToolError('lsp.indexing', fillText(texts.indexing, { server, what: cutShort(what, 100) }), { server }),
  serverError: (server: string, method: string, message: string) =>
    new ToolError(
      'lsp.server_error',
      fillText(texts.serverError, { server, method, message: cutShort(message, 500) }),
      {
        server,
        method,
      },
    ),
  notSupported: (server: string, feature: string) =>
    new ToolError('lsp.not_supported', fillText(texts.notSupported, { server, feature }), { server, feature }),
  lineOutOfRange: (path: string, line: number, count: number) =>
    new ToolError('lsp.position_out_of_range', fillText(texts.lineOutOfRange, { path: shownPath(path), line, count })),
  columnOutOfRange: (path: string, line: number, column: number, count: number) =>
    new ToolError(
      'lsp.position_out_of_range',
      fillText(texts.columnOutOfRange, { path: shownPath(path), line, column, count }),
    ),
  symbolsTarget: () => new ToolError('tool.invalid_arguments', texts.symbolsTarget),
}
