import type { LanguageServer, RequestOptions } from './language-server.js'
import { lspErrors } from './lsp-errors.js'
import { isRecord } from './lsp-results.js'
import type { OpenDocument } from './open-documents.js'

/**
 * The diagnostics of an open document: asked for (`textDocument/diagnostic`) when the server offers
 * that, else as the server pushed them once complete for the content last sent.
 * @throws ToolError `lsp.indexing` or `lsp.timeout` when none arrive in time, `lsp.server_crashed` when the server exits
 */
export async function fileDiagnostics(
  server: LanguageServer,
  document: OpenDocument,
  options: RequestOptions,
): Promise<readonly unknown[]> {
  if (server.capabilities.diagnosticProvider !== undefined) {
    const report = await server.request<unknown>(
      'textDocument/diagnostic',
      { textDocument: { uri: document.uri } },
      options,
    )
    if (isRecord(report) && Array.isArray(report.items)) return report.items
    return []
  }
  const deadline = performance.now() + options.timeoutMs
  const items = await server.diagnostics.settled(
    document.uri,
    document.sentAt,
    () => performance.now() >= deadline || !server.alive || options.signal?.aborted === true,
  )
  if (items !== undefined) return items
  options.signal?.throwIfAborted()
  if (!server.alive) throw server.goneError()
  if (server.busyWith !== undefined) throw lspErrors.indexing(server.name, server.busyWith)
  throw lspErrors.timeout(server.name, 'diagnostics', Math.round(options.timeoutMs / 1000))
}
