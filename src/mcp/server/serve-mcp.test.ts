import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../host/create-tool-host.js'
import { noElicitationMessage } from './no-elicitation-message.js'
import { serveMcp, type McpServerHandle } from './serve-mcp.js'
import { serverTestTools } from './__fixtures__/test-tools.js'

type Answer = 'accept' | 'decline'
type Connect = (elicitation?: Answer) => Promise<Client>

/** A client; with an answer it declares elicitation and answers every request so. */
function newClient(elicitation?: Answer): Client {
  const client = new Client(
    { name: 'toolhost-test', version: '1.0.0' },
    { capabilities: elicitation === undefined ? {} : { elicitation: { form: {} } } },
  )
  if (elicitation !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      expect(request.params.message).toContain('test_note')
      return elicitation === 'accept' ? { action: 'accept', content: {} } : { action: 'decline' }
    })
  }
  return client
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult
const text = (result: CallToolResult) =>
  result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')

/** The behaviour both transports share. */
function sharedBehaviour(connect: Connect): void {
  it('lists the offered tools with schemas and annotations', async () => {
    const client = await connect()
    const { tools } = await client.listTools()
    const dice = tools.find((tool) => tool.name === 'dice_roll')
    expect(dice?.inputSchema.type).toBe('object')
    expect(dice?.annotations?.readOnlyHint).toBe(true)
    const note = tools.find((tool) => tool.name === 'test_note')
    expect(note?.annotations).toMatchObject({ title: 'Record a note', destructiveHint: false })
    await client.close()
  })

  it('calls dice_roll and calculator_evaluate through the gate', async () => {
    const client = await connect()
    const dice = await call(client, 'dice_roll', { formula: '2d6+3' })
    expect(dice.isError).toBeFalsy()
    expect(text(dice)).toMatch(/\d/)
    const calc = await call(client, 'calculator_evaluate', { expression: '6 * 7' })
    expect(calc.isError).toBeFalsy()
    expect(text(calc)).toContain('42')
    await client.close()
  })

  it('maps error results and invalid arguments to isError', async () => {
    const client = await connect()
    const failed = await call(client, 'test_fail', {})
    expect(failed.isError).toBe(true)
    expect(text(failed)).toContain('always fails')
    const invalid = await call(client, 'dice_roll', { formula: 3 })
    expect(invalid.isError).toBe(true)
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/)
    await client.close()
  })

  it('asks through elicitation: accept runs the call, decline denies it', async () => {
    const accepting = await connect('accept')
    const ran = await call(accepting, 'test_note', { text: 'hi' })
    expect(ran.isError).toBeFalsy()
    expect(text(ran)).toBe('noted: hi')
    expect(ran.structuredContent).toEqual({ text: 'hi' })
    await accepting.close()
    const declining = await connect('decline')
    const denied = await call(declining, 'test_note', { text: 'hi' })
    expect(denied.isError).toBe(true)
    expect(text(denied)).toContain('declined')
    await declining.close()
  })

  it('denies calls needing approval when the client cannot elicit', async () => {
    const client = await connect()
    const denied = await call(client, 'test_note', { text: 'hi' })
    expect(denied.isError).toBe(true)
    expect(text(denied)).toContain(noElicitationMessage.slice(0, 40))
    await client.close()
  })
}

let dataDir = ''
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'toolhost-mcp-server-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('serveMcp over Streamable HTTP', () => {
  let host: ToolHost
  let server: McpServerHandle
  beforeAll(async () => {
    host = await createToolHost({
      dataDir: join(dataDir, 'http'),
      workspaceDir: dataDir,
      tools: serverTestTools,
      processDirs: [],
      watchProcessTools: false,
    })
    server = await serveMcp(host, { transport: 'http', host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await server.close()
    await host.close()
  })
  const url = () => new URL(server.url ?? '')

  sharedBehaviour(async (elicitation) => {
    const client = newClient(elicitation)
    await client.connect(
      new StreamableHTTPClientTransport(url(), {
        requestInit: { headers: { authorization: `Bearer ${server.token ?? ''}` } },
      }),
    )
    return client
  })

  const initialize = (headers: Record<string, string>) =>
    fetch(url(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${server.token ?? ''}`,
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    })

  it('refuses a spoofed Host header', async () => {
    // fetch drops a Host header it is given, so this request is made with node:http.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        url(),
        { method: 'POST', headers: { host: `evil.example.com:${url().port}`, 'content-type': 'application/json' } },
        (res) => {
          res.resume()
          resolve(res.statusCode)
        },
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(403)
  })

  it('refuses a foreign Origin and accepts a loopback one', async () => {
    expect((await initialize({ origin: 'http://evil.example.com' })).status).toBe(403)
    expect((await initialize({ origin: `http://localhost:${url().port}` })).status).toBe(200)
  })

  it('refuses to bind a non-loopback address unless allowed', async () => {
    await expect(serveMcp(host, { transport: 'http', host: '0.0.0.0', port: 0 })).rejects.toThrow(/not a loopback/)
  })
})

describe('serveMcp over stdio', () => {
  sharedBehaviour(async (elicitation) => {
    const client = newClient(elicitation)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--import',
        './scripts/register-ts.ts',
        'src/mcp/server/__fixtures__/serve-stdio.ts',
        join(dataDir, 'stdio'),
      ],
      cwd: process.cwd(),
      stderr: 'inherit',
    })
    await client.connect(transport)
    return client
  })
})
