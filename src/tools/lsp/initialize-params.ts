/**
 * The `initialize` request's parameters: the workspace root as rootUri and only workspace folder,
 * and the capabilities the `lsp.*` tools use. `processId` is null: the server may run in a PID
 * namespace of its own, where the host's pid names another process (or none), and a server
 * watching it would exit.
 */
export function initializeParams(
  folder: { readonly uri: string; readonly name: string; readonly path: string },
  initializationOptions: unknown,
): Record<string, unknown> {
  return {
    processId: null,
    clientInfo: { name: 'toolhost' },
    locale: 'en',
    rootPath: folder.path,
    rootUri: folder.uri,
    workspaceFolders: [{ uri: folder.uri, name: folder.name }],
    ...(initializationOptions !== undefined && { initializationOptions }),
    capabilities: {
      general: { positionEncodings: ['utf-16'] },
      window: { workDoneProgress: true },
      workspace: {
        workspaceFolders: true,
        configuration: true,
        symbol: { dynamicRegistration: false },
        diagnostics: { refreshSupport: false },
      },
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: false, willSave: false },
        publishDiagnostics: { relatedInformation: false, versionSupport: true, tagSupport: { valueSet: [1, 2] } },
        diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
        definition: { dynamicRegistration: false, linkSupport: true },
        references: { dynamicRegistration: false },
        hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
        documentSymbol: { dynamicRegistration: false, hierarchicalDocumentSymbolSupport: true },
      },
    },
  }
}
