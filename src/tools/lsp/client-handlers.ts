import type { MessageConnection } from 'vscode-jsonrpc/node'

/** What a server tells its client that the tools keep. */
export interface ServerNotices {
  diagnostics(uri: string, diagnostics: readonly unknown[]): void
  /** Work the server reports under `token` began (with its title) or ended (`undefined`). */
  progress(token: string, title: string | undefined): void
}

/**
 * Answers what a server asks its client: no settings (`workspace/configuration`), progress tokens
 * and capability registrations accepted, the workspace folder, and edits refused (the tools only
 * read). Anything else is a method the client does not have. Diagnostics and progress go to
 * `notices`; logs are dropped.
 */
export function installClientHandlers(
  connection: MessageConnection,
  folder: { readonly uri: string; readonly name: string },
  notices: ServerNotices,
  methodNotFound: (method: string) => unknown,
): void {
  connection.onRequest((method, params) => {
    switch (method) {
      case 'workspace/configuration': {
        const items = (params as { items?: unknown[] } | undefined)?.items
        return Array.isArray(items) ? items.map(() => null) : []
      }
      case 'window/workDoneProgress/create':
      case 'client/registerCapability':
      case 'client/unregisterCapability':
      case 'window/showMessageRequest':
      case 'workspace/diagnostic/refresh':
      case 'workspace/semanticTokens/refresh':
      case 'workspace/inlayHint/refresh':
      case 'workspace/codeLens/refresh':
        return null
      case 'workspace/workspaceFolders':
        return [folder]
      case 'workspace/applyEdit':
        return { applied: false, failureReason: 'the client only reads' }
      default:
        return methodNotFound(method)
    }
  })
  connection.onNotification((method, params) => {
    if (method === 'textDocument/publishDiagnostics') {
      const { uri, diagnostics } = (params ?? {}) as { uri?: unknown; diagnostics?: unknown }
      if (typeof uri === 'string' && Array.isArray(diagnostics)) notices.diagnostics(uri, diagnostics)
    }
  })
  // The connection hands progress to handlers registered per token; none are, so all of it lands here.
  connection.onUnhandledProgress(({ token, value }) => {
    const report = (value ?? {}) as { kind?: unknown; title?: unknown }
    if (report.kind === 'begin') notices.progress(String(token), typeof report.title === 'string' ? report.title : '')
    else if (report.kind === 'end') notices.progress(String(token), undefined)
  })
}
