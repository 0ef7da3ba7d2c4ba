import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer, connect, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { duplexPair } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { encodeFrame } from './mux-frames.js'
import { createStreamMux, type StreamMux } from './stream-mux.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Two ends of one in-memory carrier; streams the server end accepts are collected in `accepted`. */
function pair(windowBytes?: number) {
  const [left, right] = duplexPair()
  const accepted: Duplex[] = []
  const window = windowBytes === undefined ? {} : { windowBytes }
  const client = createStreamMux(left, { role: 'client', ...window })
  const server = createStreamMux(right, { role: 'server', onStream: (stream) => accepted.push(stream), ...window })
  cleanups.push(() => {
    client.close()
    server.close()
  })
  return { client, server, accepted, left, right }
}

async function nextAccepted(accepted: Duplex[]): Promise<Duplex> {
  while (accepted.length === 0) await new Promise((resolve) => setImmediate(resolve))
  return accepted.shift() as Duplex
}

/** Everything the stream delivers up to its end; unlike async iteration, leaves the stream open for writing. */
async function readAll(stream: Duplex): Promise<Buffer> {
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  stream.resume()
  await once(stream, 'end')
  return Buffer.concat(chunks)
}

function errorOf(stream: Duplex): Promise<Error> {
  return once(stream, 'error').then(([error]) => error as Error)
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('createStreamMux', () => {
  it('keeps interleaved writes of several streams apart', async () => {
    const { client, accepted } = pair()
    const streams = [client.openStream(), client.openStream(), client.openStream()]
    for (let round = 0; round < 5; round++) streams.forEach((stream, index) => stream.write(`s${index}r${round};`))
    for (const stream of streams) stream.end()
    const bodies = await Promise.all(
      streams.map(async () => (await readAll(await nextAccepted(accepted))).toString('utf8')),
    )
    expect(bodies).toEqual([0, 1, 2].map((index) => [0, 1, 2, 3, 4].map((round) => `s${index}r${round};`).join('')))
  })

  it('half-closes: the peer reads the end and can still answer', async () => {
    const { client, accepted } = pair()
    const stream = client.openStream()
    stream.end('question')
    const remote = await nextAccepted(accepted)
    expect((await readAll(remote)).toString()).toBe('question')
    remote.end('answer')
    expect((await readAll(stream)).toString()).toBe('answer')
    await Promise.all([stream, remote].map((end) => (end.closed ? Promise.resolve() : once(end, 'close'))))
    expect(stream.errored).toBeNull()
    expect(remote.errored).toBeNull()
    expect(client.streamCount).toBe(0)
  })

  it('lets either end open streams', async () => {
    const { server, client } = pair()
    const fromClient: Duplex[] = []
    // The client end of `pair` has no onStream, so a second pair with both ends accepting.
    const [left, right] = duplexPair()
    const a = createStreamMux(left, { role: 'client', onStream: (stream) => fromClient.push(stream) })
    const b = createStreamMux(right, { role: 'server', onStream: (stream) => stream.pipe(stream) })
    cleanups.push(() => (a.close(), b.close()))
    const outgoing = b.openStream()
    outgoing.end('from server')
    expect((await readAll(await nextAccepted(fromClient))).toString()).toBe('from server')
    const echoed = a.openStream()
    echoed.end('echo me')
    expect((await readAll(echoed)).toString()).toBe('echo me')
    expect(server.closed || client.closed).toBe(false)
  })

  it('resets a stream in both directions and leaves the others alone', async () => {
    const { client, accepted } = pair()
    const doomed = client.openStream()
    const other = client.openStream()
    doomed.write('x')
    other.write('y')
    const remoteDoomed = await nextAccepted(accepted)
    const remoteOther = await nextAccepted(accepted)
    const failure = errorOf(remoteDoomed)
    doomed.on('error', () => undefined)
    doomed.destroy(new Error('gave up'))
    expect((await failure).message).toBe('the stream was reset by the peer: gave up')
    other.end('z')
    expect((await readAll(remoteOther)).toString()).toBe('yz')
  })

  it('carries large payloads intact through a small window', async () => {
    const { client, accepted } = pair(16 * 1024)
    const payload = randomBytes(3 * 1024 * 1024 + 17)
    const stream = client.openStream()
    stream.end(payload)
    const received = await readAll(await nextAccepted(accepted))
    expect(received.length).toBe(payload.length)
    expect(sha(received)).toBe(sha(payload))
  })

  it('buffers at most the window for a reader that does not read, and resumes when it does', async () => {
    const window = 64 * 1024
    const { client, accepted } = pair(window)
    const payload = randomBytes(1024 * 1024)
    const stream = client.openStream()
    let written = false
    stream.write(payload, () => (written = true))
    const remote = await nextAccepted(accepted)
    remote.pause()
    for (let turn = 0; turn < 10_000 && remote.readableLength < window; turn++)
      await new Promise((resolve) => setImmediate(resolve))
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(remote.readableLength).toBe(window)
    expect(written).toBe(false)
    stream.end()
    const received = await readAll(remote)
    expect(sha(received)).toBe(sha(payload))
    expect(written).toBe(true)
  })

  it('lets one stream flow while another is stuck at its window', async () => {
    const { client, accepted } = pair(32 * 1024)
    const stuck = client.openStream()
    stuck.write(randomBytes(256 * 1024))
    const remoteStuck = await nextAccepted(accepted)
    remoteStuck.pause()
    const flowing = client.openStream()
    const payload = randomBytes(512 * 1024)
    flowing.end(payload)
    expect(sha(await readAll(await nextAccepted(accepted)))).toBe(sha(payload))
    expect(remoteStuck.readableLength).toBeLessThanOrEqual(32 * 1024)
  })

  it('fails every stream of both ends when the carrier closes', async () => {
    const { client, server, accepted, left } = pair()
    const streams = [client.openStream(), client.openStream()]
    streams.forEach((stream) => stream.write('hello'))
    const remotes = [await nextAccepted(accepted), await nextAccepted(accepted)]
    const failures = [...streams, ...remotes].map(errorOf)
    left.destroy()
    for (const error of await Promise.all(failures)) expect(error.message).toMatch(/carrier of the streams/)
    expect(client.closed && server.closed).toBe(true)
    const late = client.openStream()
    expect((await errorOf(late)).message).toMatch(/carrier of the streams/)
  })

  it('works over a real socket and fails the streams when the socket is closed', async () => {
    const tcp = createServer()
    tcp.listen(0, '127.0.0.1')
    await once(tcp, 'listening')
    cleanups.push(() => tcp.close())
    const address = tcp.address() as { port: number }
    const accepting = once(tcp, 'connection') as Promise<[Socket]>
    const socket = connect(address.port, '127.0.0.1')
    const [serverSocket] = await accepting
    const server = createStreamMux(serverSocket, {
      role: 'server',
      onStream: (stream) => stream.on('error', () => undefined).pipe(stream),
    })
    const client = createStreamMux(socket, { role: 'client' })
    cleanups.push(() => (client.close(), server.close()))
    const stream = client.openStream()
    stream.write('ping')
    const [echo] = (await once(stream, 'data')) as [Buffer]
    expect(echo.toString()).toBe('ping')
    const failure = errorOf(stream)
    serverSocket.destroy()
    expect((await failure).message).toMatch(/carrier of the streams/)
  })

  it('resets the streams it is offered when it accepts none', async () => {
    const [left, right] = duplexPair()
    const opener = createStreamMux(left, { role: 'client' })
    const refuser: StreamMux = createStreamMux(right, { role: 'server' })
    cleanups.push(() => (opener.close(), refuser.close()))
    const stream = opener.openStream()
    expect((await errorOf(stream)).message).toMatch(/reset by the peer: refused/)
  })

  it('resets the streams the peer opens beyond its limit', async () => {
    const [left, right] = duplexPair()
    const opener = createStreamMux(left, { role: 'client' })
    const limited = createStreamMux(right, { role: 'server', maxIncomingStreams: 1, onStream: () => undefined })
    cleanups.push(() => (opener.close(), limited.close()))
    const first = opener.openStream()
    const second = opener.openStream()
    expect((await errorOf(second)).message).toMatch(/reset by the peer: refused/)
    expect(first.destroyed).toBe(false)
    expect(limited.streamCount).toBe(1)
  })

  it('resets a stream whose peer writes past its window', async () => {
    const [left, right] = duplexPair()
    let failure: Promise<Error> | undefined
    const mux = createStreamMux(right, {
      role: 'server',
      windowBytes: 1024,
      onStream: (s) => void (failure = errorOf(s)),
    })
    cleanups.push(() => mux.close())
    const replies: Buffer[] = []
    left.on('data', (chunk: Buffer) => replies.push(chunk))
    left.write(encodeFrame({ type: 'open', id: 1 }))
    left.write(encodeFrame({ type: 'data', id: 1, data: Buffer.alloc(1025) }))
    while (failure === undefined) await new Promise((resolve) => setImmediate(resolve))
    expect((await failure).message).toBe('the peer sent past its window')
    expect(Buffer.concat(replies).toString('latin1')).toContain('the peer sent past its window')
    expect(mux.closed).toBe(false)
  })

  it('closes the whole mux on bytes that are not frames, and on ids the peer may not use', async () => {
    for (const garbage of [Buffer.from([9, 0, 0, 0, 1, 0, 0, 0, 0]), encodeFrame({ type: 'open', id: 2 })]) {
      const [left, right] = duplexPair()
      const mux = createStreamMux(right, { role: 'server', onStream: () => undefined })
      cleanups.push(() => mux.close())
      left.write(garbage)
      await once(right, 'close')
      expect(mux.closed).toBe(true)
    }
  })
})
