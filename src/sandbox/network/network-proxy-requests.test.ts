import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'
import { duplexPair } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import type { HostResolver } from '../../net/resolve-host.js'
import { serveSandboxNetwork } from './network-proxy.js'
import { createStreamMux } from './stream-mux.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const resolve: HostResolver = async (name) => {
  if (name === 'intranet.example.test') return [{ address: '10.0.0.5', family: 4 }]
  if (name === 'localhost') return [{ address: '127.0.0.1', family: 4 }]
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
}

/** The proxy on one end of an in-memory carrier, and a way to send it raw bytes as one connection. */
function proxyOver(allowedDomains: string[], allowPrivateHosts: string[] = []) {
  const [hostEnd, sandboxEnd] = duplexPair()
  const proxy = serveSandboxNetwork(hostEnd, { allowedDomains, allowPrivateHosts }, { resolve })
  const mux = createStreamMux(sandboxEnd, { role: 'client' })
  cleanups.push(() => (proxy.close(), mux.close()))
  /** Sends `request` on a new connection and returns everything the proxy answers up to its end. */
  async function exchange(request: string): Promise<string> {
    const stream = mux.openStream()
    let answer = ''
    stream.setEncoding('utf8').on('data', (text: string) => (answer += text))
    stream.write(request)
    await once(stream, 'end')
    return answer
  }
  return { proxy, mux, exchange }
}

describe('serveSandboxNetwork', () => {
  it('refuses an allowed name whose address is private, and records why', async () => {
    const { proxy, exchange } = proxyOver(['*.example.test'])
    const answer = await exchange(
      'CONNECT intranet.example.test:443 HTTP/1.1\r\nHost: intranet.example.test:443\r\n\r\n',
    )
    const reason =
      "The sandbox's network does not reach intranet.example.test: it leads to 10.0.0.5, a private address, which only hosts in network.allowPrivateHosts may reach."
    expect(answer).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/)
    expect(answer.endsWith(`\r\n\r\n${reason}\n`)).toBe(true)
    expect(proxy.requests).toEqual([{ host: 'intranet.example.test', port: 443, allowed: false, reason }])
  })

  it('answers 502 for a name that does not resolve, and 400 for what is not a proxy request', async () => {
    const { exchange } = proxyOver(['*.example.test'])
    expect(await exchange('GET http://gone.example.test/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 502 Bad Gateway\r\n[^]*could not resolve gone\.example\.test: getaddrinfo ENOTFOUND/,
    )
    expect(await exchange('GET /path HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400 Bad Request\r\n[^]*not "\/path"/,
    )
    expect(await exchange('CONNECT example.test HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await exchange('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 [^]*could not read the request as HTTP/)
    expect(await exchange('GET https://a.example.test/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400 /,
    )
  })

  it('answers 502 when the allowed host refuses the connection', async () => {
    const closed = createServer()
    closed.listen(0, '127.0.0.1')
    await once(closed, 'listening')
    const { port } = closed.address() as AddressInfo
    closed.close()
    await once(closed, 'close')
    const { exchange } = proxyOver(['localhost'], ['localhost'])
    expect(await exchange(`CONNECT localhost:${port} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(
      new RegExp(
        `^HTTP/1\\.1 502 Bad Gateway\\r\\n[^]*could not connect to localhost port ${port}: connect ECONNREFUSED`,
      ),
    )
  })

  it('tunnels bytes both ways, half-closes included, until the proxy closes', async () => {
    const echo = createServer({ allowHalfOpen: true }, (socket) => socket.pipe(socket))
    echo.listen(0, '127.0.0.1')
    await once(echo, 'listening')
    cleanups.push(() => echo.close())
    const { port } = echo.address() as AddressInfo
    const { proxy, mux } = proxyOver(['localhost'], ['localhost'])
    const stream = mux.openStream()
    let answer = ''
    stream.setEncoding('utf8').on('data', (text: string) => (answer += text))
    stream.write(`CONNECT localhost:${port} HTTP/1.1\r\nHost: localhost:${port}\r\n\r\nearly `)
    while (!answer.includes('early')) await once(stream, 'data')
    stream.end('late')
    await once(stream, 'end')
    expect(answer).toBe('HTTP/1.1 200 Connection Established\r\n\r\nearly late')
    const open = mux.openStream()
    open.on('error', () => undefined)
    open.write(`CONNECT localhost:${port} HTTP/1.1\r\nHost: x\r\n\r\n`)
    await once(open, 'data')
    const closed = new Promise((resolve) => open.once('close', resolve))
    proxy.close()
    await closed
    expect(open.errored?.message).toMatch(/carrier of the streams/)
  })
})
