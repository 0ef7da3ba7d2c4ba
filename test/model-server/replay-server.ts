import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the loopback server received. */
export interface ReceivedRequest {
  readonly method: string
  /** Path and query, e.g. `/v1beta/models/gemini-3-pro:streamGenerateContent?alt=sse`. */
  readonly path: string
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** The JSON body, parsed. */
  readonly body: Record<string, unknown>
}

/** How the server answers one request. */
export type Reply =
  | { readonly kind: 'sse'; readonly events: readonly string[]; readonly done?: boolean; readonly holdOpen?: boolean }
  /** A whole `text/event-stream` body sent as written (`event:` lines, `data:` lines, blank lines). */
  | { readonly kind: 'sse-text'; readonly body: string }
  | {
      readonly kind: 'json'
      readonly status?: number
      readonly body: unknown
      readonly headers?: Record<string, string>
    }
  | { readonly kind: 'destroy' }

/** A loopback HTTP server for provider packages: records requests, answers from a script. */
export interface ReplayServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  readonly requests: ReceivedRequest[]
  close(): Promise<void>
}

/** The SSE body of recorded `data:` payloads: `data: <line>\n\n` each, then `data: [DONE]\n\n`. */
export function sseBody(events: readonly string[], done = true): string {
  return events.map((event) => `data: ${event}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '')
}

/** The non-empty lines of a `*.chunks.txt` recording. */
export function chunkLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '')
}

/** Starts a server on 127.0.0.1 (random port) answering each request with `reply(request, index)`. */
export async function startReplayServer(
  reply: (request: ReceivedRequest, index: number) => Reply,
): Promise<ReplayServer> {
  const requests: ReceivedRequest[] = []
  const open = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    void handle(req, res)
  })
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const request: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    }
    requests.push(request)
    const answer = reply(request, requests.length - 1)
    open.add(res)
    res.on('close', () => open.delete(res))
    if (answer.kind === 'destroy') {
      res.socket?.destroy()
      return
    }
    if (answer.kind === 'json') {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers })
      res.end(JSON.stringify(answer.body))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    if (answer.kind === 'sse-text') {
      res.end(answer.body)
      return
    }
    const body = sseBody(answer.events, answer.done ?? true)
    if (answer.holdOpen === true) res.write(body)
    else res.end(body)
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const res of open) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
