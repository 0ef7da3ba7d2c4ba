import { describe, expect, it } from 'vitest'
import { serverScript } from '../../src/mcp/client/__fixtures__/mcp-fixtures.js'
import { apiFixture } from './api-fixture.js'

interface ServerView {
  id: string
  name: string
  transport: string
  command?: string
  tools: { name: string; description: string; permission: string }[]
  discoveredAt?: number
  error?: string
}

const everything = {
  name: 'ev',
  command: process.execPath,
  args: [serverScript('@modelcontextprotocol/server-everything')],
}

describe('the MCP routes', () => {
  it('adds a server, discovers its tools (Off at first), sets one to Allow so it is offered and callable, and removes it', async () => {
    const fx = await apiFixture()
    const added = await fx.api('/api/mcp/servers', { body: everything })
    expect(added.status).toBe(201)
    expect(await added.json()).toMatchObject({ name: 'ev', transport: 'stdio', command: process.execPath, tools: [] })

    const discovered = await fx.api('/api/mcp/servers/ev/discover', { method: 'POST' })
    expect(discovered.status).toBe(200)
    const server = (await discovered.json()) as ServerView
    expect(server.discoveredAt).toBeTypeOf('number')
    const echo = server.tools.find((t) => t.name === 'echo')
    expect(echo).toMatchObject({ permission: 'off' })
    expect(echo?.description).not.toBe('')

    const set = await fx.api('/api/mcp/servers/ev/tools/echo', { method: 'PUT', body: { permission: 'allow' } })
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({ name: 'echo', permission: 'allow' })
    const list = (await (await fx.api('/api/mcp/servers')).json()) as { servers: ServerView[] }
    expect(list.servers.map((s) => [s.name, s.tools.find((t) => t.name === 'echo')?.permission])).toEqual([
      ['ev', 'allow'],
    ])

    // Offered to a profile that allows MCP tools, and called without asking.
    await fx.api('/api/profiles/mcp', {
      method: 'PUT',
      body: {
        format: 'json',
        text: JSON.stringify({ schemaVersion: 2, id: 'mcp', tools: { allow: ['builtin:*', 'mcp/*'] } }),
      },
    })
    const toolId = `mcp/${server.id}:echo`
    const tools = (await (await fx.api('/api/tools?profile=mcp')).json()) as {
      tools: { id: string; permission: string; offered: boolean; aliases: Record<string, string> }[]
    }
    expect(tools.tools.find((t) => t.id === toolId)).toMatchObject({
      permission: 'allow',
      offered: true,
      aliases: { 'openai-chat': 'mcp__ev__echo' },
    })
    const called = await fx.api(`/api/tools/${encodeURIComponent(toolId)}/call`, {
      body: { arguments: { message: 'hi there' }, profile: 'mcp' },
    })
    expect(called.status).toBe(200)
    const result = (await called.json()) as { status: string; result: { content: string } }
    expect(result.status).toBe('completed')
    expect(result.result.content).toContain('hi there')

    const removed = await fx.api('/api/mcp/servers/ev', { method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ removed: true, name: 'ev' })
    expect(await (await fx.api('/api/mcp/servers')).json()).toEqual({ servers: [] })

    const audit = (await (await fx.api('/api/audit')).json()) as {
      requests: { method: string; path: string; status: number }[]
    }
    expect(audit.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
      expect.arrayContaining([
        'POST /api/mcp/servers 201',
        'POST /api/mcp/servers/ev/discover 200',
        'PUT /api/mcp/servers/ev/tools/echo 200',
        'DELETE /api/mcp/servers/ev 200',
      ]),
    )
  })

  it('refuses bodies that are not one server (400 naming the field), names taken (409), unknown servers and tools (404)', async () => {
    const fx = await apiFixture()
    const neither = await fx.api('/api/mcp/servers', { body: { name: 'x' } })
    expect(neither.status).toBe(400)
    expect(JSON.stringify(await neither.json())).toContain('body.command')
    const badUrl = await fx.api('/api/mcp/servers', { body: { name: 'x', url: 'ftp://example.com' } })
    expect(badUrl.status).toBe(400)
    expect(JSON.stringify(await badUrl.json())).toContain('body.url')
    expect((await fx.api('/api/mcp/servers', { body: everything })).status).toBe(201)
    expect((await fx.api('/api/mcp/servers', { body: everything })).status).toBe(409)

    const unknown = await fx.api('/api/mcp/servers/nosuch/discover', { method: 'POST' })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: string }).error).toMatch(
      /No MCP server "nosuch".*GET \/api\/mcp\/servers/,
    )
    const undiscovered = await fx.api('/api/mcp/servers/ev/tools/echo', { method: 'PUT', body: { permission: 'ask' } })
    expect(undiscovered.status).toBe(404)
    expect(((await undiscovered.json()) as { error: string }).error).toMatch(/discover them first/)
    const badPermission = await fx.api('/api/mcp/servers/ev/tools/echo', {
      method: 'PUT',
      body: { permission: 'maybe' },
    })
    expect(badPermission.status).toBe(400)
    expect(JSON.stringify(await badPermission.json())).toContain('body.permission')
    expect((await fx.api('/api/mcp/servers/nosuch', { method: 'DELETE' })).status).toBe(404)
  })

  it('keeps why a discovery failed on the server until one succeeds (502)', async () => {
    const fx = await apiFixture()
    await fx.api('/api/mcp/servers', { body: { name: 'gone', command: '/nonexistent/toolhost-no-such-server' } })
    const failed = await fx.api('/api/mcp/servers/gone/discover', { method: 'POST' })
    expect(failed.status).toBe(502)
    expect(((await failed.json()) as { error: string }).error).toMatch(/Discovery of gone failed/)
    const list = (await (await fx.api('/api/mcp/servers')).json()) as { servers: ServerView[] }
    expect(list.servers[0]?.error).toMatch(/cannot connect/)
  })

  it('needs the token, a local origin, and a browser\u2019s CSRF token for changes', async () => {
    const fx = await apiFixture()
    expect((await fetch(`${fx.url}/api/mcp/servers`)).status).toBe(401)
    expect((await fx.api('/api/mcp/servers', { headers: { origin: 'http://evil.example' } })).status).toBe(403)
    const { cookie, csrfToken } = await fx.login()
    const add = (headers: Record<string, string>) =>
      fetch(`${fx.url}/api/mcp/servers`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(everything),
      })
    expect((await add({})).status).toBe(403)
    expect((await add({ origin: 'http://evil.example', 'x-csrf-token': csrfToken })).status).toBe(403)
    expect((await add({ 'x-csrf-token': csrfToken })).status).toBe(201)
  })
})
