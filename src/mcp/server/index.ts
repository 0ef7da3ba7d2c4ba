export { closeMcpServer, serveMcp, type McpServerHandle, type ServeMcpOptions } from './serve-mcp.js'
export type { McpSessionOptions } from './session-server.js'
export type { McpHttpOptions } from './http-server.js'
export { noElicitationMessage } from './no-elicitation-message.js'
