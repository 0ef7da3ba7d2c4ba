/**
 * The example client the conformance suite's client scenarios run: `client.ts <server-url>`, with
 * the scenario in `MCP_CONFORMANCE_SCENARIO`. It uses the SDK `Client` directly: toolhost's MCP
 * client manager (src/mcp/client/) is being built separately and is not wired in yet.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { HeadlessOAuthProvider } from './oauth-provider.js'

const url = process.argv[2]
if (url === undefined) throw new Error('usage: client.ts <server-url>')

// Form elicitation with defaults applied by the SDK, so "accept" with no content takes the defaults.
const client = new Client({ name: 'toolhost-conformance-client', version: '0.1.0' }, { capabilities: { elicitation: { form: { applyDefaults: true } } } })
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: {} }))

/** Arguments for a test tool: numbers for required numeric parameters, nothing otherwise. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>
  const required = tool.inputSchema.required ?? []
  return Object.fromEntries(required.map((name, index) => [name, properties[name]?.type === 'number' || properties[name]?.type === 'integer' ? index + 2 : 'test']))
}

const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { client_id?: string; client_secret?: string }
const auth = new HeadlessOAuthProvider(context.client_id === undefined ? undefined : { client_id: context.client_id, ...(context.client_secret !== undefined && { client_secret: context.client_secret }) })
const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: auth })

/**
 * Runs a step; when the server asks for (more) authorization, completes the headless
 * authorization once and runs the step again (initial auth and scope step-up alike).
 */
async function authorized<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const code = auth.authorizationCode
    if (!(error instanceof UnauthorizedError) || code === undefined) throw error
    auth.authorizationCode = undefined
    await transport.finishAuth(code)
    return step()
  }
}

await authorized(() => client.connect(transport))
const { tools } = await authorized(() => client.listTools())
for (const tool of tools) {
  const result = await authorized(() => client.callTool({ name: tool.name, arguments: sampleArguments(tool) }))
  console.log(`${tool.name}: ${JSON.stringify(result)}`)
}
await client.close()
