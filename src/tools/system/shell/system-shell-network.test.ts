import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithSandbox, run, setup } from './__fixtures__/system-setup.js'

/** A loopback HTTP server that counts the requests it gets. */
function countingServer(): { server: Server; requests: string[]; port: () => number } {
  const requests: string[] = []
  const server = createHttpServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    response.end('hello from the host\n')
  })
  return {
    server,
    requests,
    port: () => {
      const address = server.address()
      if (address === null || typeof address === 'string') throw new Error('not listening')
      return address.port
    },
  }
}

describeWithSandbox('system.shell network', () => {
  const host = countingServer()
  beforeAll(() => new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve)))
  afterAll(() => new Promise<void>((resolve) => host.server.close(() => resolve())))

  it('has no network by default: the host loopback server is not reached', async () => {
    const before = host.requests.length
    const output = await run(setup().ctx, `curl -sS --max-time 5 http://127.0.0.1:${host.port()}/off; echo "rc=$?"`)
    expect(output.content).toMatch(/rc=7\n/)
    expect(output.content).not.toContain('hello from the host')
    expect(host.requests.length).toBe(before)
  })

  it('cannot reach services through Unix sockets on the file system', async () => {
    const { ctx, root } = setup()
    const path = join(root, 'service.sock')
    let connections = 0
    const service = createNetServer(() => (connections += 1))
    await new Promise<void>((resolve) => service.listen(path, resolve))
    try {
      const output = await run(
        ctx,
        `python3 -c 'import socket; s = socket.socket(socket.AF_UNIX); s.connect("${path}")' 2>&1 | tail -1`,
      )
      expect(output.content).toContain('PermissionError')
      expect(connections).toBe(0)
    } finally {
      service.close()
    }
  })

  it('reaches allowed domains through the proxy, and only those', async () => {
    const { ctx } = setup({ allowedDomains: ['localhost'] }, { allowPrivateHosts: ['localhost'] })
    const before = host.requests.length
    const allowed = await run(ctx, `curl -sS --max-time 10 http://localhost:${host.port()}/allowed`)
    expect(allowed.content).toBe('Exit code: 0\nhello from the host\n')
    expect(host.requests.slice(before)).toEqual(['GET /allowed'])

    const refused = await run(
      ctx,
      `curl -sS --max-time 10 -o /dev/null -w '%{http_code}\\n' http://127.0.0.1:${host.port()}/refused`,
    )
    expect(refused.content).toMatch(/^Exit code: 0\n403\n/)
    expect(refused.content).toContain("The sandbox's proxy refused: 127.0.0.1")
    expect(refused.structured?.refusedHosts).toEqual(['127.0.0.1'])
    expect(host.requests.slice(before)).toEqual(['GET /allowed'])
  })

  it('refuses an allowed name that leads to a private address the profile does not allow', async () => {
    const { ctx } = setup({ allowedDomains: ['localhost'] })
    const before = host.requests.length
    const output = await run(
      ctx,
      `curl -sS --max-time 10 -o /dev/null -w '%{http_code}\\n' http://localhost:${host.port()}/private`,
    )
    expect(output.content).toMatch(/^Exit code: 0\n403\n/)
    expect(host.requests.length).toBe(before)
  })
})
