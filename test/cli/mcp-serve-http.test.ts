import { existsSync, statSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { startToolhost } from './cli-process.js'

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cli-test', version: '1' } },
})
const post = (url: string, headers: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: initialize,
  })

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('toolhost mcp serve --http', () => {
  it('prints a bearer token once, keeps it owner-only in the data dir while serving, and requires it', async () => {
    const cwd = tempDir()
    const server = startToolhost(cwd, ['mcp', 'serve', '--http', '127.0.0.1:0'])
    const [url, token] = await waitFor(() => {
      const match = /server at (\S+) \(Ctrl-C[\s\S]*Bearer ([A-Za-z0-9_-]+)"/.exec(server.stderr())
      return match === null ? undefined : [match[1] ?? '', match[2] ?? '']
    })
    const tokenFile = join(cwd, '.toolhost', 'mcp-http-token')
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token)
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600)
    expect((await post(url, {})).status).toBe(401)
    const accepted = await post(url, { authorization: `Bearer ${token}` })
    expect(accepted.status).toBe(200)
    await accepted.text()
    server.child.kill('SIGTERM')
    expect((await server.done).code).toBe(0)
    expect(existsSync(tokenFile)).toBe(false)
  }, 120_000)

  it('serves without a token only when told to, and says so', async () => {
    const cwd = tempDir()
    const server = startToolhost(cwd, ['mcp', 'serve', '--http', '127.0.0.1:0', '--no-token'])
    const url = await waitFor(() => /server at (\S+) with no token/.exec(server.stderr())?.[1])
    const accepted = await post(url, {})
    expect(accepted.status).toBe(200)
    await accepted.text()
    expect(existsSync(join(cwd, '.toolhost', 'mcp-http-token'))).toBe(false)
    server.child.kill('SIGTERM')
    await server.done
  }, 120_000)
})
