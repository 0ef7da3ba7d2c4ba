import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../store/open-store.js'
import { memoryStore } from './__fixtures__/mcp-fixtures.js'
import { McpClientManager } from './mcp-client-manager.js'

/** An MCP server over Streamable HTTP with one tool that asks the client for a name; records Authorization headers. */
async function startServer(authorizations: (string | undefined)[]): Promise<{ http: Server; url: string }> {
  const mcp = new McpServer({ name: 'runtime-options-test', version: '1.0.0' })
  mcp.registerTool('greet', { description: 'Greets whoever the user names' }, async () => {
    const answer = await mcp.server.request(
      {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' } } },
        },
      },
      ElicitResultSchema,
    )
    return { content: [{ type: 'text', text: `${answer.action}: ${JSON.stringify(answer.content)}` }] }
  })
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID })
  await mcp.connect(transport)
  const http = createServer((req, res) => {
    authorizations.push(req.headers.authorization)
    void transport.handleRequest(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return { http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp` }
}

/** An OAuth client that already holds a token (no authorization flow needed). */
function tokenProvider(token: string): OAuthClientProvider {
  return {
    redirectUrl: 'http://localhost/callback',
    clientMetadata: { redirect_uris: ['http://localhost/callback'] },
    clientInformation: () => undefined,
    tokens: () => ({ access_token: token, token_type: 'Bearer' }),
    saveTokens: () => {},
    redirectToAuthorization: () => {},
    saveCodeVerifier: () => {},
    codeVerifier: () => '',
  }
}

describe('McpClientManager runtime options', () => {
  let store: Store
  let server: { http: Server; url: string }
  let authorizations: (string | undefined)[]
  const managers: McpClientManager[] = []

  beforeEach(async () => {
    store = memoryStore()
    authorizations = []
    server = await startServer(authorizations)
  })

  afterEach(async () => {
    await Promise.all(managers.splice(0).map((manager) => manager.close()))
    server.http.closeAllConnections()
    await new Promise((resolve) => server.http.close(resolve))
    store.close()
  })

  it('passes the auth provider to the HTTP transport and never stores it', async () => {
    const mcp = new McpClientManager({ store })
    managers.push(mcp)
    const { id } = mcp.register(
      'Secured',
      { kind: 'http', url: server.url },
      { authProvider: tokenProvider('secret-token') },
    )
    await mcp.discover(id)
    expect(authorizations.length).toBeGreaterThan(0)
    expect(authorizations.every((header) => header === 'Bearer secret-token')).toBe(true)

    expect(JSON.stringify(mcp.registrations())).not.toContain('secret-token')
    expect(JSON.stringify(mcp.registrations())).not.toContain('authProvider')
    // Another manager over the same store has only the stored registration: no auth provider.
    const other = new McpClientManager({ store })
    managers.push(other)
    authorizations.length = 0
    await expect(other.discover(id)).rejects.toThrow()
    expect(authorizations).toContain(undefined)
  })

  it('has no authorization to finish for a registration without an auth provider', async () => {
    const mcp = new McpClientManager({ store })
    managers.push(mcp)
    const { id } = mcp.register('Open', { kind: 'http', url: server.url })
    await mcp.discover(id)
    await expect(mcp.finishAuth(id, 'code')).rejects.toThrow(/no authorization is pending/)
  })

  it('refuses an auth provider for a stdio server', () => {
    const mcp = new McpClientManager({ store })
    expect(() =>
      mcp.register('Local', { kind: 'stdio', command: 'node' }, { authProvider: tokenProvider('x') }),
    ).toThrow(TypeError)
  })

  it('answers elicitation with the onElicit handler, defaults applied', async () => {
    const asked: string[] = []
    const mcp = new McpClientManager({
      store,
      onElicit: async (registrationId, params) => {
        asked.push(`${registrationId}: ${params.message}`)
        return { action: 'accept', content: {} }
      },
    })
    managers.push(mcp)
    const { id } = mcp.register('Greeter', { kind: 'http', url: server.url })
    await mcp.discover(id)
    mcp.setPermission(id, 'greet', 'allow')
    const run = mcp.callTool(id, 'greet', {})
    let next = await run.next()
    while (next.done !== true) next = await run.next()
    expect(next.value.content).toContain('accept: {"name":"Ada"}')
    expect(asked).toEqual([`${id}: Your name?`])
  })
})
