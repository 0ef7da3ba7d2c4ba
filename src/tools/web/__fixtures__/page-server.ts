import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the test server received. */
export interface SeenRequest {
  readonly path: string
  readonly host: string
  readonly remoteAddress: string
}

/** A route handler: writes the whole response. */
export type Route = (request: IncomingMessage, response: ServerResponse) => void

/** A real HTTP server on 127.0.0.1 with a random port, for web.fetch tests. */
export interface PageServer {
  readonly port: number
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string
  readonly requests: SeenRequest[]
  /** TCP connections accepted so far, including ones that never sent a request. */
  connections(): number
  close(): Promise<void>
}

/** Starts a server answering `routes` by path (404 for others). */
export async function startPageServer(routes: Readonly<Record<string, Route>>): Promise<PageServer> {
  const requests: SeenRequest[] = []
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/'
    requests.push({ path, host: request.headers.host ?? '', remoteAddress: request.socket.remoteAddress ?? '' })
    const route = routes[path.split('?')[0] ?? path]
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`no route ${path}`)
      return
    }
    route(request, response)
  })
  const state = { connections: 0 }
  server.on('connection', () => {
    state.connections += 1
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    connections: () => state.connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A route that sends `body` with a content type and status. */
export function send(
  body: string | Buffer,
  contentType: string,
  status = 200,
  headers: Record<string, string> = {},
): Route {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType, ...headers }).end(body)
  }
}

/** A route that redirects to `location` (relative or absolute). */
export function redirect(location: string, status = 302): Route {
  return (_request, response) => {
    response.writeHead(status, { location }).end()
  }
}
