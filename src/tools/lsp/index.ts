import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { lspDefinitionTool } from './definition.js'
import { lspDiagnosticsTool } from './diagnostics.js'
import { lspHoverTool } from './hover.js'
import { lspReferencesTool } from './references.js'
import { lspSymbolsTool } from './symbols.js'

export { lspDefinitionTool } from './definition.js'
export { lspDiagnosticsTool } from './diagnostics.js'
export { lspHoverTool } from './hover.js'
export { lspReferencesTool } from './references.js'
export { lspSymbolsTool } from './symbols.js'
export { runningLanguageServers, stopLanguageServers } from './server-pool.js'
export type { RunningLanguageServer } from './server-pool.js'

/**
 * The language-server tools: diagnostics, definition, references, hover and symbols of the
 * profile's `lsp.servers`. Offered only when the profile enables a server; the host stops the
 * servers with {@link stopLanguageServers} when it closes.
 */
export const lspTools: readonly AnyToolDefinition[] = [
  lspDiagnosticsTool,
  lspDefinitionTool,
  lspReferencesTool,
  lspHoverTool,
  lspSymbolsTool,
]
