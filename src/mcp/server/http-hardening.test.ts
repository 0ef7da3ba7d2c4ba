import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createToolHost, type ToolHost } from '../../host/create-tool-host.js'
import { noElicitationMessage } from './no-elicitation-message.js'
import { serveMcp, type McpServerHandle } from './serve-mcp.js'
import { serverTestTools } from './__fixtures__/test-tools.js'

let dataDir = ''
let host: ToolHost
let server: McpServerHandle
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'toolhost-mcp-http-'))
  host = await createToolHost({
    dataDir,
    workspaceDir: dataDir,
    tools: serverTestTools,
    processDirs: [],
    watchProcessTools: false,
  })
  server = await serveMcp(host, {
    transport: 'http',
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: 64 * 1024,
    maxSessions: 2,
  })
})
afterAll(async () => {
  await server.close()
  await host.close()
  await rm(dataDir, { recursive: true, force: true })
})

const url = () => new URL(server.url ?? '')
const bearer = () => `Bearer ${server.token ?? ''}`
const initializeBody = (protocolVersion = '2025-11-25', capabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities, clientInfo: { name: 'raw', version: '1' } },
  })
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(url(), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: bearer(),
      ...headers,
    },
    body,
  })

/** The JSON-RPC messages of a response, whether sent as JSON or as server-sent events. */
async function messages(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text()
  if (response.headers.get('content-type')?.includes('text/event-stream') !== true)
    return [JSON.parse(text) as Record<string, unknown>]
  return text
    .split('\n')
    .flatMap((line) => (line.startsWith('data: ') ? [JSON.parse(line.slice(6)) as Record<string, unknown>] : []))
}

/** Ends a session so it does not count against `maxSessions` in later tests. */
const deleteSession = (sessionId: string) =>
  fetch(url(), { method: 'DELETE', headers: { authorization: bearer(), 'mcp-session-id': sessionId } })

/** A raw session: initialize with the given version and capabilities, then `initialized`. */
async function rawSession(
  protocolVersion: string,
  capabilities: Record<string, unknown>,
): Promise<{ send: (body: unknown) => Promise<Response>; end: () => Promise<Response> }> {
  const init = await post(initializeBody(protocolVersion, capabilities))
  expect(init.status).toBe(200)
  const sessionId = init.headers.get('mcp-session-id') ?? ''
  await init.text()
  const send = (body: unknown) =>
    post(JSON.stringify(body), { 'mcp-session-id': sessionId, 'mcp-protocol-version': protocolVersion })
  expect((await send({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202)
  return { send, end: () => deleteSession(sessionId) }
}

/** An SDK client over HTTP with the token. */
async function sdkClient(client: Client): Promise<{ client: Client; end: () => Promise<void> }> {
  const transport = new StreamableHTTPClientTransport(url(), { requestInit: { headers: { authorization: bearer() } } })
  await client.connect(transport)
  return {
    client,
    end: async () => {
      await transport.terminateSession()
      await client.close()
    },
  }
}

describe('MCP over HTTP: bearer token', () => {
  it('generates a token at start and refuses requests without it or with another', async () => {
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await post(initializeBody(), { authorization: '' })).status).toBe(401)
    const wrong = await post(initializeBody(), { authorization: 'Bearer nope' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer')
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe('Invalid bearer token')
  })

  it('needs the token on every request of a session, not only on initialize', async () => {
    const init = await post(initializeBody())
    const sessionId = init.headers.get('mcp-session-id') ?? ''
    await init.text()
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'test_note', arguments: { text: 'x' } },
    })
    expect((await post(call, { 'mcp-session-id': sessionId, authorization: '' })).status).toBe(401)
    await deleteSession(sessionId)
  })

  it('may be turned off only on a loopback address', async () => {
    await expect(
      serveMcp(host, { transport: 'http', host: '0.0.0.0', port: 0, allowNonLoopback: true, token: false }),
    ).rejects.toThrow(/without a bearer token/)
    const open = await serveMcp(host, { transport: 'http', host: '127.0.0.1', port: 0, token: false })
    expect(open.token).toBeUndefined()
    const response = await fetch(open.url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: initializeBody(),
    })
    expect(response.status).toBe(200)
    await response.text()
    await open.close()
  })
})

describe('MCP over HTTP: limits', () => {
  it('answers a body over the limit with 413 before reading it', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        url(),
        {
          method: 'POST',
          headers: {
            authorization: bearer(),
            'content-type': 'application/json',
            'content-length': String(10 * 1024 * 1024),
          },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode)
        },
      )
      req.on('error', reject)
      // Only the first 1 KB of the declared 10 MB is ever sent: the answer comes without the rest.
      req.write('x'.repeat(1024))
    })
    expect(status).toBe(413)
  })

  it('answers a chunked body that grows past the limit with 413', async () => {
    const response = await post(initializeBody().replace('"raw"', JSON.stringify('r'.repeat(100 * 1024))))
    expect(response.status).toBe(413)
  })

  it('refuses sessions past the maximum with 503, and has room again once one is closed', async () => {
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      const init = await post(initializeBody())
      expect(init.status).toBe(200)
      ids.push(init.headers.get('mcp-session-id') ?? '')
      await init.text()
    }
    const refused = await post(initializeBody())
    expect(refused.status).toBe(503)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many live sessions/)
    for (const id of ids) await deleteSession(id)
    const again = await post(initializeBody())
    expect(again.status).toBe(200)
    await deleteSession(again.headers.get('mcp-session-id') ?? '')
  })

  it('closes sessions that stay idle past the expiry', async () => {
    // The clock and the sweep's interval are fake; requests and sockets keep their real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      const idle = await serveMcp(host, { transport: 'http', host: '127.0.0.1', port: 0, sessionIdleMs: 1 })
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${idle.token ?? ''}`,
      }
      const init = await fetch(idle.url ?? '', { method: 'POST', headers, body: initializeBody() })
      const sessionId = init.headers.get('mcp-session-id') ?? ''
      await init.text()
      const ping = () =>
        fetch(idle.url ?? '', {
          method: 'POST',
          headers: { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
        })
      const alive = await ping()
      expect(alive.status).toBe(200)
      await alive.text()
      // The sweep runs every second at least: one second later the idle session is gone.
      vi.advanceTimersByTime(1_000)
      const gone = await ping()
      expect(gone.status).toBe(404)
      await gone.text()
      await idle.close()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('MCP over HTTP: approvals by elicitation', () => {
  const callNote = {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'test_note', arguments: { text: 'hi' } },
  }

  it('never elicits on a protocol version without elicitation: the call is denied as a result', async () => {
    const session = await rawSession('2025-03-26', { elicitation: {} })
    const [answer] = await messages(await session.send(callNote))
    const result = answer?.result as CallToolResult
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain(noElicitationMessage.slice(0, 40))
    await session.end()
  })

  it('denies, as a result, a client that declares only URL elicitation', async () => {
    const { client, end } = await sdkClient(
      new Client({ name: 'url-only', version: '1' }, { capabilities: { elicitation: { url: {} } } }),
    )
    const result = (await client.callTool({ name: 'test_note', arguments: { text: 'hi' } })) as CallToolResult
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('cannot be asked')
    await end()
  })

  it('denies, as a result, when the client answers the elicitation with an error', async () => {
    const failing = new Client({ name: 'failing', version: '1' }, { capabilities: { elicitation: { form: {} } } })
    failing.setRequestHandler(ElicitRequestSchema, () => {
      throw new McpError(-32603, 'the dialog crashed')
    })
    const { client, end } = await sdkClient(failing)
    const result = (await client.callTool({ name: 'test_note', arguments: { text: 'hi' } })) as CallToolResult
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('the dialog crashed')
    expect(JSON.stringify(result.content)).not.toContain('noted: hi')
    await end()
  })
})
