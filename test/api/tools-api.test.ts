import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiFixture } from './api-fixture.js'

interface ToolView {
  id: string
  name: string
  aliases: Record<string, string>
  permission: string
  readOnly: boolean
  offered: boolean
  inputSchema: Record<string, unknown>
}

describe('the tool routes', () => {
  it('lists the catalog with aliases per protocol and the profile\u2019s permission', async () => {
    const fx = await apiFixture()
    const response = await fx.api('/api/tools?scope=session')
    expect(response.status).toBe(200)
    const { tools, profileId } = (await response.json()) as { tools: ToolView[]; profileId: string }
    expect(profileId).toBe('default')
    const roll = tools.find((t) => t.id === 'builtin:dice.roll')
    expect(roll).toMatchObject({ name: 'dice.roll', readOnly: true, permission: 'allow', offered: true })
    expect(Object.keys(roll?.aliases ?? {})).toEqual(
      expect.arrayContaining(['openai-responses', 'openai-chat', 'anthropic', 'gemini']),
    )
    expect(roll?.inputSchema).toHaveProperty('properties.formula')
    const write = tools.find((t) => t.id === 'builtin:workspace.write_file')
    expect(write).toMatchObject({ readOnly: false, permission: 'ask' })
  })

  it('refuses a wrong scope (400 naming the field), a missing profile (404), no token (401), a foreign origin (403)', async () => {
    const fx = await apiFixture()
    const bad = await fx.api('/api/tools?scope=everywhere')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('query.scope')
    const missing = await fx.api('/api/tools?profile=nosuch')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: string }).error).toMatch(/no profile "nosuch".*GET \/api\/profiles/)
    const path = await fx.api('/api/tools?profile=../x')
    expect(path.status).toBe(400)
    expect((await fetch(`${fx.url}/api/tools`)).status).toBe(401)
    expect((await fx.api('/api/tools', { headers: { origin: 'http://evil.example' } })).status).toBe(403)
  })

  it('gives the snapshot of a protocol, and 400 for an unknown protocol', async () => {
    const fx = await apiFixture()
    const response = await fx.api('/api/snapshots/anthropic?scope=chat')
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      protocol: string
      scope: string
      profileId: string
      tools: { alias: string; toolId: string; deferred: boolean }[]
      notOffered: unknown[]
    }
    expect(body).toMatchObject({ protocol: 'anthropic', scope: 'chat', profileId: 'default' })
    expect(body.tools.some((t) => t.toolId === 'builtin:dice.roll' && t.deferred === false)).toBe(true)
    const unknown = await fx.api('/api/snapshots/smoke-signals')
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(await unknown.json())).toContain('path.protocol')
  })

  it('calls a tool through the gate; a call that asks waits as a durable approval (202)', async () => {
    const fx = await apiFixture()
    const done = await fx.api(`/api/tools/${encodeURIComponent('builtin:dice.roll')}/call`, {
      body: { arguments: { formula: '1d1+2' } },
    })
    expect(done.status).toBe(200)
    const result = (await done.json()) as {
      status: string
      runId: string
      result: { content: string; isError: boolean }
    }
    expect(result).toMatchObject({ status: 'completed', result: { isError: false } })
    expect(result.result.content).toContain('3')
    expect(fx.host.store().getRun(result.runId)).toBeDefined()

    const wrong = await fx.api('/api/tools/dice.roll/call', { body: { arguments: { formula: 7 } } })
    expect(wrong.status).toBe(200)
    expect(await wrong.json()).toMatchObject({ status: 'failed', result: { isError: true } })

    const asks = await fx.api(`/api/tools/${encodeURIComponent('builtin:workspace.write_file')}/call`, {
      body: { arguments: { file_path: 'a.txt', content: 'hello' } },
    })
    expect(asks.status).toBe(202)
    const paused = (await asks.json()) as { status: string; runId: string; approvalId: string }
    expect(paused.status).toBe('paused')
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
    const pending = fx.host.approvals.list({ status: 'pending' })
    expect(pending.map((a) => a.id)).toEqual([paused.approvalId])
    await fx.host.approvals.approve(paused.approvalId)
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(true)
  })

  it('refuses an unknown tool (404), a body without arguments (400), and a browser call without its CSRF token (403)', async () => {
    const fx = await apiFixture()
    const unknown = await fx.api('/api/tools/nosuch.tool/call', { body: { arguments: {} } })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: string }).error).toMatch(/No tool "nosuch.tool".*GET \/api\/tools/)
    // Refused before any run is opened.
    expect(fx.host.store().listRuns()).toEqual([])
    const invalid = await fx.api('/api/tools/dice.roll/call', { body: { args: {} } })
    expect(invalid.status).toBe(400)
    expect(JSON.stringify(await invalid.json())).toContain('body.arguments')

    const { cookie, csrfToken } = await fx.login()
    const send = (headers: Record<string, string>) =>
      fetch(`${fx.url}/api/tools/dice.roll/call`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ arguments: { formula: '1d1' } }),
      })
    expect((await send({})).status).toBe(403)
    expect((await send({ 'x-csrf-token': csrfToken })).status).toBe(200)

    const audit = (await (await fx.api('/api/audit')).json()) as { requests: { path: string; status: number }[] }
    expect(audit.requests.map((r) => `${r.status} ${r.path}`)).toEqual(
      expect.arrayContaining([
        '404 /api/tools/nosuch.tool/call',
        '400 /api/tools/dice.roll/call',
        '200 /api/tools/dice.roll/call',
      ]),
    )
  })

  it('serves a result file of a run only from its tool-results folder', async () => {
    const fx = await apiFixture()
    const done = (await (
      await fx.api('/api/tools/dice.roll/call', { body: { arguments: { formula: '1d1' } } })
    ).json()) as { runId: string }
    const { mkdirSync, writeFileSync, symlinkSync } = await import('node:fs')
    const folder = join(fx.host.store().runDir(done.runId), 'tool-results', 'inv_1')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'image-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    writeFileSync(join(fx.dataDir, 'secret.txt'), 'secret')
    symlinkSync(join(fx.dataDir, 'secret.txt'), join(folder, 'leak.txt'))
    const image = await fx.api(`/api/results/${done.runId}/inv_1/image-1.png`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect([...new Uint8Array(await image.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47])
    expect((await fx.api(`/api/results/${done.runId}/inv_1/leak.txt`)).status).toBe(404)
    expect((await fx.api(`/api/results/${done.runId}/inv_1/%2E%2E%2Fsecret.txt`)).status).toBe(400)
    expect((await fx.api(`/api/results/run_nosuch/inv_1/image-1.png`)).status).toBe(404)
  })

  it('lists its paths in the OpenAPI document with request and response schemas', async () => {
    const fx = await apiFixture()
    const doc = (await (await fetch(`${fx.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, { content?: unknown }> }>>
    }
    for (const [path, method] of [
      ['/api/tools', 'get'],
      ['/api/snapshots/{protocol}', 'get'],
      ['/api/mcp/servers', 'get'],
      ['/api/profiles', 'get'],
      ['/api/profiles/{id}', 'get'],
    ] as const)
      expect(doc.paths[path]?.[method]?.responses['200']?.content, `${method} ${path}`).toBeDefined()
    for (const [path, method] of [
      ['/api/tools/{toolId}/call', 'post'],
      ['/api/mcp/servers', 'post'],
      ['/api/mcp/servers/{name}/tools/{tool}', 'put'],
      ['/api/profiles/validate', 'post'],
      ['/api/profiles/{id}', 'put'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.requestBody, `${method} ${path}`).toBeDefined()
      expect(JSON.stringify(doc.paths[path]?.[method]?.responses['200']), `${method} ${path}`).toContain('properties')
    }
    expect(doc.paths['/api/mcp/servers/{name}/discover']?.post).toBeDefined()
    expect(doc.paths['/api/mcp/servers/{name}']?.delete).toBeDefined()
    expect(doc.paths['/api/results/{runId}/{invocationId}/{file}']?.get).toBeDefined()
  })
})
