import { request } from 'node:http'
import type { ToolHost } from '../../src/host/create-tool-host.js'
import { serveMcp } from '../../src/mcp/server/index.js'
import type { CorpusFile, HttpStep } from './corpus-file.js'

interface Answer {
  readonly status: number
  readonly sessionId: string | undefined
  readonly body: string
}

function post(url: URL, headers: Record<string, string>, body: string, declaredLength?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = declaredLength ?? Buffer.byteLength(body)
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(length),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            sessionId: res.headers['mcp-session-id'] as string | undefined,
            body: text,
          }),
        )
        res.on('error', reject)
      },
    )
    // A connection the server closes after refusing a body is an answer already given.
    req.on('error', (error) =>
      error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error),
    )
    if (declaredLength === undefined) req.end(body)
    else req.write(body.slice(0, 1024))
  })
}

function payload(step: HttpStep, id: number): string {
  if (step.send.startsWith('bytes:')) return 'x'.repeat(Number(step.send.slice(6)))
  if (step.send === 'ping') return JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })
  if (step.send.startsWith('call ')) {
    const [name = '', ...rest] = step.send.slice(5).split(' ')
    const args: unknown = rest.length === 0 ? {} : JSON.parse(rest.join(' '))
    return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
  }
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: step.protocolVersion,
      capabilities: step.capabilities,
      clientInfo: { name: 'corpus', version: '1' },
    },
  })
}

/** The tool result in an answer (JSON or server-sent events), if there is one. */
function resultOf(body: string): { isError?: boolean; content?: unknown } | undefined {
  const lines = body.split('\n').flatMap((line) => (line.startsWith('data: ') ? [line.slice(6)] : []))
  for (const text of lines.length > 0 ? lines : [body]) {
    try {
      const message = JSON.parse(text) as { result?: { isError?: boolean; content?: unknown } }
      if (message.result !== undefined) return message.result
    } catch {
      // not a JSON-RPC message
    }
  }
  return undefined
}

/** Serves the host over MCP HTTP and sends the steps in order; returns what did not hold. */
export async function runHttpSteps(host: ToolHost, file: CorpusFile, steps: readonly HttpStep[]): Promise<string[]> {
  const server = await serveMcp(host, { transport: 'http', host: '127.0.0.1', port: 0, ...file.server })
  const url = new URL(server.url ?? '')
  const problems: string[] = []
  let session: string | undefined
  let version = '2025-11-25'
  try {
    for (const [index, step] of steps.entries()) {
      const headers: Record<string, string> = { host: step.host ?? url.host }
      if (step.auth !== 'none')
        headers.authorization = `Bearer ${step.auth === 'right' ? (server.token ?? '') : 'not-the-token'}`
      if (step.origin !== undefined) headers.origin = step.origin
      if (step.session === 'last' && session !== undefined) {
        headers['mcp-session-id'] = session
        headers['mcp-protocol-version'] = version
      }
      if (step.session === 'unknown') headers['mcp-session-id'] = '00000000-0000-4000-8000-000000000000'
      const answer = await post(url, headers, payload(step, index + 1), step.declaredLength)
      if (answer.status !== step.expect)
        problems.push(
          `request ${index + 1} (${step.send}): expected HTTP ${step.expect}, got ${answer.status}: ${answer.body.slice(0, 160)}`,
        )
      if (step.send === 'initialize' && answer.status === 200 && answer.sessionId !== undefined) {
        session = answer.sessionId
        version = step.protocolVersion
        await post(
          url,
          { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': version },
          JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        )
      }
      if (step.deniedWith !== undefined) {
        const result = resultOf(answer.body)
        if (result?.isError !== true || !JSON.stringify(result.content).includes(step.deniedWith))
          problems.push(
            `request ${index + 1} (${step.send}): expected an error result with "${step.deniedWith}", got ${answer.body.slice(0, 200)}`,
          )
      }
    }
  } finally {
    await server.close()
  }
  return problems
}
