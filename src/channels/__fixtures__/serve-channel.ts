import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Channel, ChannelHost } from '../channel.js'

/** A channel served on 127.0.0.1 the way the daemon mounts it. */
export interface ServedChannel {
  /** `http://127.0.0.1:<port>/channels/<name>`, without a trailing slash. */
  readonly url: string
  /** Stops the channel, then the listener. */
  close(): Promise<void>
}

/**
 * Starts `channel` with `host` and serves its `handleHttp` under `/channels/<name>` on a fresh
 * loopback port; other paths, and paths the channel declines, are answered 404.
 */
export async function serveChannel(channel: Channel, host: ChannelHost): Promise<ServedChannel> {
  await channel.start(host)
  const prefix = `/channels/${channel.name}`
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    const path =
      url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)
        ? url.slice(prefix.length)
        : undefined
    const handled =
      path === undefined || channel.handleHttp === undefined
        ? Promise.resolve(false)
        : channel.handleHttp(request, response, path)
    handled.then(
      (done) => {
        if (!done) response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
      },
      (error: unknown) => {
        if (!response.headersSent) response.writeHead(500).end(String(error))
        else response.destroy()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    async close() {
      await channel.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
