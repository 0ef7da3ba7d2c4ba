import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js'

/**
 * In-process settings of one registration, given to `register` and kept in memory only: they are
 * code (objects with methods), not data, so the store never sees them and a restarted host must
 * give them again.
 */
export interface McpRuntimeOptions {
  /**
   * OAuth client for an HTTP server that requires authorization; passed to the SDK's
   * `StreamableHTTPClientTransport`. After the server asks for authorization the request fails with
   * the SDK's `UnauthorizedError`; complete it with `McpClientManager.finishAuth`.
   */
  readonly authProvider?: OAuthClientProvider
}

/**
 * Answers a server's `elicitation/create` request (form mode). With a handler the client declares
 * form elicitation with defaults applied, so `accept` with fields left out takes the schema's defaults.
 */
export type McpElicitHandler = (registrationId: string, params: ElicitRequest['params']) => Promise<ElicitResult>
