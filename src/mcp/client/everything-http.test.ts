import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import type { Store } from '../../store/open-store.js'
import { alive, eventually, memoryStore, run, serverScript, toolNamed } from './__fixtures__/mcp-fixtures.js'
import { McpClientManager } from './mcp-client-manager.js'

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Starts server-everything in Streamable HTTP mode and waits until it listens. */
async function startHttpServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverScript('@modelcontextprotocol/server-everything'), 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await eventually(() => log.includes('listening'), 10_000)
  return child
}

describe('server-everything over Streamable HTTP', () => {
  let store: Store
  let mcp: McpClientManager
  let server: ChildProcess
  let id: string
  let port: number

  beforeAll(async () => {
    port = await freePort()
    server = await startHttpServer(port)
    store = memoryStore()
    mcp = new McpClientManager({ store, callTimeoutMs: 2000 })
    id = mcp.register('Everything HTTP', { kind: 'http', url: `http://127.0.0.1:${port}/mcp` }).id
  })
  afterAll(async () => {
    await mcp.close()
    store.close()
    server.kill('SIGKILL')
  })

  it('discovers and calls tools', async () => {
    const cached = await mcp.discover(id)
    expect(cached.find((t) => t.name === 'echo')?.permission).toBe('off')
    mcp.setPermission(id, 'echo', 'allow')
    mcp.setPermission(id, 'get-structured-content', 'allow')
    const { tools } = mcp.catalogSource()
    expect((await run(toolNamed(tools, 'echo'), { message: 'over http' }, testCallContext())).output.content).toContain(
      'over http',
    )
    const weather = (await run(toolNamed(tools, 'get-structured-content'), { location: 'New York' }, testCallContext()))
      .output
    expect(weather.structured).toMatchObject({ temperature: expect.any(Number) })
  })

  it('reports a request that could not reach the server as not sent', async () => {
    const echo = toolNamed(mcp.catalogSource().tools, 'echo')
    server.kill('SIGKILL')
    await eventually(() => !alive(server.pid ?? 0) || server.exitCode !== null || server.signalCode !== null)
    await expect(run(echo, { message: 'lost' }, testCallContext())).rejects.toMatchObject({ code: 'mcp.not_sent' })
    // A new server on the same address: the next call opens a new session.
    server = await startHttpServer(port)
    expect((await run(echo, { message: 'back' }, testCallContext())).output.content).toContain('back')
  })
})
