/**
 * `toolhost/mcp`: the Model Context Protocol both ways. {@link McpClientManager} registers MCP
 * servers, discovers their tools and keeps each tool's Off / Ask / Allow (a host's own is
 * `host.mcp()`); {@link serveMcp} offers a host's tools to any MCP client over stdio or
 * Streamable HTTP, every call still passing the gate.
 *
 * @example
 * import { createToolHost } from 'toolhost'
 * import { serveMcp } from 'toolhost/mcp'
 *
 * const server = await serveMcp(await createToolHost(), { transport: 'http', port: 3333 })
 */
export { McpClientManager } from './client/index.js'
export type {
  McpClientManagerOptions,
  McpElicitHandler,
  McpRegistrationRecord,
  McpRuntimeOptions,
  McpToolPermission,
  McpToolRecord,
  McpTransportConfig,
  McpTransportInput,
} from './client/index.js'
export { serveMcp, closeMcpServer } from './server/index.js'
export type { McpHttpOptions, McpServerHandle, McpSessionOptions, ServeMcpOptions } from './server/index.js'
