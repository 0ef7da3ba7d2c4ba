/** The MCP SDK's client side, imported at the first connection to a server. */
async function importClientSdk() {
  const [client, http, types, stdio] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('./bounded-stdio-transport.js'),
  ])
  return {
    Client: client.Client,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    StreamableHTTPError: http.StreamableHTTPError,
    BoundedStdioTransport: stdio.BoundedStdioTransport,
    CallToolResultSchema: types.CallToolResultSchema,
    ElicitRequestSchema: types.ElicitRequestSchema,
    ErrorCode: types.ErrorCode,
    McpError: types.McpError,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
  }
}

/** What {@link loadClientSdk} gives. */
export type ClientSdk = Awaited<ReturnType<typeof importClientSdk>>

let loading: Promise<ClientSdk> | undefined

/**
 * The SDK classes and schemas the client uses. The SDK (with its schemas and HTTP transport) costs
 * more to load than the rest of a host: a host that never connects to a server never loads it.
 */
export function loadClientSdk(): Promise<ClientSdk> {
  loading ??= importClientSdk()
  return loading
}
