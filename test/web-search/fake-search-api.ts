import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the fake service received. */
export interface ReceivedRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** How the fake answers one request; `hang` never answers (for timeouts). */
export type FakeAnswer =
  | { readonly status?: number; readonly headers?: Record<string, string>; readonly json: unknown }
  | { readonly status?: number; readonly headers?: Record<string, string>; readonly text: string }
  | { readonly hang: true }

/** A search service on 127.0.0.1 that answers like the real API and records what it was sent. */
export interface FakeSearchApi {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly requests: ReceivedRequest[]
  /** Replaces how the next requests are answered. */
  answerWith(answer: (request: ReceivedRequest) => FakeAnswer): void
  close(): Promise<void>
}

/** Starts a fake search service answering with `answer` until told otherwise. */
export async function startFakeSearchApi(answer: (request: ReceivedRequest) => FakeAnswer): Promise<FakeSearchApi> {
  let current = answer
  const requests: ReceivedRequest[] = []
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(received)
      const reply = current(received)
      if ('hang' in reply) {
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return
      }
      const isJson = 'json' in reply
      const body = isJson ? JSON.stringify(reply.json) : reply.text
      res.writeHead(reply.status ?? 200, {
        'content-type': isJson ? 'application/json' : 'text/html; charset=utf-8',
        ...reply.headers,
      })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (next) => {
      current = next
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
