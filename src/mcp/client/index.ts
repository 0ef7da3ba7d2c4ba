export { McpClientManager, maxMcpArgumentBytes, type McpClientManagerOptions } from './mcp-client-manager.js'
export { mcpToolId } from './mcp-catalog-tool.js'
export type { McpTransportInput } from './transport-input.js'
export type {
  McpRegistrationRecord,
  McpToolPermission,
  McpToolRecord,
  McpTransportConfig,
} from '../../store/mcp-servers.js'
export type { McpElicitHandler, McpRuntimeOptions } from './runtime-options.js'
