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
 * Serves a channel's `handleHttp` under `/channels/<name>` on a fresh loopback port, then starts it
 * with `host`; other paths, and paths the channel declines, are answered 404. Give a function to
 * make a channel that needs its own URL (a webhook to register).
 */
export async function serveChannel(
  make: Channel | ((url: string) => Channel),
  host: ChannelHost,
  name: string = typeof make === 'function' ? '' : make.name,
): Promise<ServedChannel> {
  // Set once the channel exists; until then every request is answered 404.
  const mounted: { channel?: Channel } = {}
  const prefix = `/channels/${name}`
  const server = createServer((request, response) => {
    // Like the daemon's listener, the path given to the channel has no query string.
    const url = (request.url ?? '/').split('?')[0] ?? '/'
    const path = url === prefix || url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : undefined
    const handled =
      path === undefined || mounted.channel?.handleHttp === undefined
        ? Promise.resolve(false)
        : mounted.channel.handleHttp(request, response, path)
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
  const url = `http://127.0.0.1:${port}${prefix}`
  const started = typeof make === 'function' ? make(url) : make
  mounted.channel = started
  try {
    if (started.name !== name) throw new Error(`the channel is named ${started.name}, not ${name}`)
    await started.start(host)
  } catch (error) {
    await new Promise((resolve) => server.close(resolve))
    throw error
  }
  return {
    url,
    async close() {
      await started.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
