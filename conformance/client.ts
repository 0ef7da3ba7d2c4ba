/**
 * The example client the conformance suite's client scenarios run: `client.ts <server-url>`, with
 * the scenario in `MCP_CONFORMANCE_SCENARIO`. It is built on toolhost's MCP client manager over an
 * in-memory store: register the server (with an in-process OAuth client), discover its tools,
 * allow and call each one.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { McpClientManager } from '../src/mcp/client/index.js'
import { openStore } from '../src/store/open-store.js'
import { HeadlessOAuthProvider } from './oauth-provider.js'

const url = process.argv[2]
if (url === undefined) throw new Error('usage: client.ts <server-url>')

/** Arguments for a test tool: numbers for required numeric parameters, 'test' otherwise. */
function sampleArguments(inputSchema: unknown): Record<string, unknown> {
  const schema = (inputSchema ?? {}) as { properties?: Record<string, { type?: string }>; required?: string[] }
  const properties = schema.properties ?? {}
  return Object.fromEntries(
    (schema.required ?? []).map((name, index) => [
      name,
      properties[name]?.type === 'number' || properties[name]?.type === 'integer' ? index + 2 : 'test',
    ]),
  )
}

const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
  client_id?: string
  client_secret?: string
}
const auth = new HeadlessOAuthProvider(
  context.client_id === undefined
    ? undefined
    : {
        client_id: context.client_id,
        ...(context.client_secret !== undefined && { client_secret: context.client_secret }),
      },
)

const dir = await mkdtemp(join(tmpdir(), 'toolhost-conformance-client-'))
const store = openStore(dir, { inMemory: true })
// Form elicitation with defaults applied, so "accept" with no content takes the schema's defaults.
const mcp = new McpClientManager({ store, onElicit: async () => ({ action: 'accept', content: {} }) })
const { id } = mcp.register('conformance', { kind: 'http', url }, { authProvider: auth })

/**
 * Runs a step; when the server asked for (more) authorization and the headless user granted it,
 * finishes the authorization once and runs the step again (initial auth and scope step-up alike).
 */
async function authorized<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const code = auth.authorizationCode
    if (code === undefined) throw error
    auth.authorizationCode = undefined
    await mcp.finishAuth(id, code)
    return step()
  }
}

/** Calls a tool to its end, ignoring progress reports. */
async function call(name: string, input: Record<string, unknown>) {
  const run = mcp.callTool(id, name, input)
  for (let next = await run.next(); ; next = await run.next()) if (next.done === true) return next.value
}

try {
  const tools = await authorized(() => mcp.discover(id))
  for (const tool of tools) {
    mcp.setPermission(id, tool.name, 'allow')
    const result = await authorized(() => call(tool.name, sampleArguments(tool.definition.inputSchema)))
    console.log(`${tool.name}: ${JSON.stringify(result)}`)
  }
} finally {
  await mcp.close()
  store.close()
  await rm(dir, { recursive: true, force: true })
}
