import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { networkBridgeCommand } from './network-bridge.js'
import { serveSandboxNetwork, type SandboxNetwork, type SandboxNetworkRules } from './network-proxy.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const bigSize = 6 * 1024 * 1024

/** A loopback HTTP server that answers `hello <path>` (and echoes a request body) and records what it saw. */
async function startServer(): Promise<{ port: number; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = []
  const server: Server = createServer((request, response) => {
    seen.push(request)
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () =>
      response.end(
        request.url === '/big'
          ? Buffer.alloc(bigSize, 7)
          : `hello ${request.url ?? ''}${Buffer.concat(chunks).toString()}`,
      ),
    )
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  cleanups.push(() => server.close())
  return { port: (server.address() as AddressInfo).port, seen }
}

/** Runs `argv` under the bridge, as a sandbox would, with its carrier served by a proxy. */
function runBridged(rules: SandboxNetworkRules, argv: readonly string[]) {
  const { execArgv, script } = networkBridgeCommand()
  const child = spawn(process.execPath, [...execArgv, script, ...argv], {
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, no_proxy: '*', NO_PROXY: '*' },
  })
  const proxy: SandboxNetwork = serveSandboxNetwork(child.stdio[3] as Socket, rules)
  cleanups.push(() => {
    proxy.close()
    child.kill('SIGKILL')
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exit = once(child, 'exit').then(([code]) => code as number | null)
  return {
    child,
    proxy,
    exit,
    output: () => ({ stdout, stderr }),
    /** Resolves once stdout holds `text`. */
    async stdoutHas(text: string) {
      while (!stdout.includes(text)) await once(child.stdout, 'data')
    },
  }
}

const localhostOnly: SandboxNetworkRules = { allowedDomains: ['localhost'], allowPrivateHosts: ['localhost'] }

describe('serveSandboxNetwork with the bridge', () => {
  it('forwards a plain HTTP request to an allowed host', async () => {
    const { port, seen } = await startServer()
    const run = runBridged(localhostOnly, ['curl', '-sS', `http://localhost:${port}/page?q=1`])
    expect(await run.exit).toBe(0)
    expect(run.output().stdout).toBe('hello /page?q=1')
    expect(seen.map((request) => request.headers.host)).toEqual([`localhost:${port}`])
    expect(run.proxy.requests).toEqual([{ host: 'localhost', port, allowed: true }])
  })

  it('forwards a request body', async () => {
    const { port } = await startServer()
    const run = runBridged(localhostOnly, ['curl', '-sS', '--data-binary', ' and a body', `http://localhost:${port}/p`])
    expect(await run.exit).toBe(0)
    expect(run.output().stdout).toBe('hello /p and a body')
  })

  it('refuses a host that is not allowed with a 403 and its reason, and sends nothing', async () => {
    const { port, seen } = await startServer()
    const run = runBridged(localhostOnly, ['curl', '-sS', '-w', '\n%{http_code}', `http://127.0.0.1:${port}/`])
    expect(await run.exit).toBe(0)
    const reason = "The sandbox's network does not reach 127.0.0.1: it is not one of the allowed domains."
    expect(run.output().stdout).toBe(`${reason}\n\n403`)
    expect(seen).toEqual([])
    expect(run.proxy.requests).toEqual([{ host: '127.0.0.1', port, allowed: false, reason }])
  })

  it('tunnels CONNECT to an allowed host', async () => {
    const { port, seen } = await startServer()
    const run = runBridged(localhostOnly, ['curl', '-sS', '--proxytunnel', `http://localhost:${port}/tunneled`])
    expect(await run.exit).toBe(0)
    expect(run.output().stdout).toBe('hello /tunneled')
    expect(seen).toHaveLength(1)
    expect(run.proxy.requests).toEqual([{ host: 'localhost', port, allowed: true }])
  })

  it('carries a large answer both through a tunnel and as a forwarded request', async () => {
    const { port } = await startServer()
    for (const tunnel of [['--proxytunnel'], []]) {
      const run = runBridged(localhostOnly, [
        'curl',
        '-sS',
        ...tunnel,
        '-o',
        '/dev/null',
        '-w',
        '%{size_download}',
        `http://localhost:${port}/big`,
      ])
      expect(await run.exit).toBe(0)
      expect(run.output().stdout).toBe(String(bigSize))
    }
  })

  it('refuses an allowed name that leads to a loopback address unless it may reach private hosts', async () => {
    const { port, seen } = await startServer()
    const rules = { allowedDomains: ['localhost'], allowPrivateHosts: [] }
    const plain = runBridged(rules, ['curl', '-sS', '-w', '\n%{http_code}', `http://localhost:${port}/`])
    expect(await plain.exit).toBe(0)
    expect(plain.output().stdout).toMatch(
      /^The sandbox's network does not reach localhost: it leads to (127\.0\.0\.1|::1), a loopback address, which only hosts in network\.allowPrivateHosts may reach\.\n\n403$/,
    )
    const tunnel = runBridged(rules, ['curl', '-sS', '--proxytunnel', `http://localhost:${port}/`])
    expect(await tunnel.exit).toBe(56)
    expect(tunnel.output().stderr).toMatch(/403/)
    expect(seen).toEqual([])
    expect(tunnel.proxy.requests).toMatchObject([{ host: 'localhost', port, allowed: false }])
  })

  it('makes connections fail, not hang, once the proxy is closed', async () => {
    const { port } = await startServer()
    const script = [
      `curl -sS -o /dev/null -w '%{http_code}\\n' http://localhost:${port}/`,
      'read line',
      `curl -sS -o /dev/null http://localhost:${port}/`,
      'echo "second: $?"',
    ].join('; ')
    const run = runBridged(localhostOnly, ['sh', '-c', script])
    await run.stdoutHas('200\n')
    run.proxy.close()
    run.child.stdin.end('go\n')
    expect(await run.exit).toBe(0)
    const second = /second: (\d+)/.exec(run.output().stdout)?.[1]
    // 52: empty reply, 56: connection reset; anything but success or a time-out (28).
    expect(['52', '56']).toContain(second)
  })
})

describe('the bridge', () => {
  it('gives the program the proxy variables, and not the carrier on fd 3', async () => {
    const run = runBridged(localhostOnly, [
      'sh',
      '-c',
      'echo "$http_proxy|$HTTPS_PROXY|$ALL_PROXY|$NO_PROXY|$no_proxy|$NODE_USE_ENV_PROXY"; test -e /proc/$$/fd/3 && readlink /proc/$$/fd/3 || echo none',
    ])
    expect(await run.exit).toBe(0)
    const [variables, fd3] = run.output().stdout.trim().split('\n')
    const proxy = /^http:\/\/127\.0\.0\.1:\d+$/.exec(variables?.split('|')[0] ?? '')?.[0]
    expect(variables).toBe(`${proxy}|${proxy}|${proxy}|||1`)
    expect(fd3).toBe('none')
  })

  it("exits with the program's code, 128 + n for a signal and 127 for a missing program", async () => {
    expect(await runBridged(localhostOnly, ['sh', '-c', 'exit 7']).exit).toBe(7)
    expect(await runBridged(localhostOnly, ['sh', '-c', 'kill -TERM $$']).exit).toBe(143)
    const missing = runBridged(localhostOnly, ['/nonexistent/program'])
    expect(await missing.exit).toBe(127)
    expect(missing.output().stderr).toMatch(/cannot run \/nonexistent\/program/)
  })
})
