import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { apiRoutes } from '../../src/api/routes/index.js'
import { builtConsoleDir } from '../console/browser-fixture.js'
import { apiFixture } from './api-fixture.js'

describe('access to the HTTP API and the console', () => {
  it('trades the printed token for an HttpOnly, SameSite=Strict session cookie, at /login and at /?token=', async () => {
    const fx = await apiFixture()
    for (const path of [`/login?token=${fx.token}`, `/?token=${fx.token}`]) {
      const response = await fetch(`${fx.url}${path}`, { redirect: 'manual' })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/')
      const cookie = response.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/^toolhost_session=[\w-]{40,}; HttpOnly; SameSite=Strict; Path=\//)
      const session = await fetch(`${fx.url}/api/session`, { headers: { cookie: cookie.split(';')[0] ?? '' } })
      expect(await session.json()).toMatchObject({
        actor: expect.stringMatching(/^session:/),
        csrfToken: expect.any(String),
      })
    }
    const wrong = await fetch(`${fx.url}/login?token=not-it`, { redirect: 'manual' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('set-cookie')).toBeNull()
  })

  it('refuses without a token or session, with a foreign Host or Origin, and a browser change without its CSRF token', async () => {
    const fx = await apiFixture()
    const none = await fetch(`${fx.url}/api/runs`)
    expect(none.status).toBe(401)
    expect(((await none.json()) as { error: string }).error).toMatch(/login URL/)
    expect((await fetch(`${fx.url}/api/runs`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    const foreignOrigin = await fx.api('/api/runs', { headers: { origin: 'http://evil.example' } })
    expect(foreignOrigin.status).toBe(403)
    // A page of another name that resolves to this machine (DNS rebinding) sends its own Host.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/runs', fx.url)
      request(url, { headers: { authorization: `Bearer ${fx.token}`, host: `evil.example:${url.port}` } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
        .on('error', reject)
        .end()
    })
    expect(rebinding).toBe(403)
    const { cookie, csrfToken } = await fx.login()
    const body = JSON.stringify({ text: 'x', format: 'json' })
    const headers = { cookie, 'content-type': 'application/json' }
    const noCsrf = await fetch(`${fx.url}/api/profiles/validate`, { method: 'POST', headers, body })
    expect(noCsrf.status).toBe(403)
    const withCsrf = await fetch(`${fx.url}/api/profiles/validate`, {
      method: 'POST',
      headers: { ...headers, 'x-csrf-token': csrfToken },
      body,
    })
    expect(withCsrf.status).toBe(200)
    const audited = (await (await fx.api('/api/audit')).json()) as { requests: { status: number; actor: string }[] }
    expect(audited.requests[0]).toMatchObject({ status: 200, actor: expect.stringMatching(/^session:/) })
  })

  it('answers unknown paths, wrong methods, bodies that are not JSON and bad fields with what to do', async () => {
    const fx = await apiFixture()
    const missing = await fx.api('/api/nothing-here')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: string }).error).toMatch(/openapi\.json/)
    expect((await fx.api('/api/runs', { method: 'DELETE' })).status).toBe(405)
    const notJson = await fetch(`${fx.url}/api/profiles/validate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json' },
      body: '{oops',
    })
    expect(notJson.status).toBe(400)
    const wrongType = await fetch(`${fx.url}/api/profiles/validate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.token}`, 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(wrongType.status).toBe(415)
    const badField = await fx.api('/api/profiles/validate', { body: { text: 1, format: 'toml' } })
    expect(badField.status).toBe(400)
    const issues = ((await badField.json()) as { details: { path: string }[] }).details.map((issue) => issue.path)
    expect(issues).toEqual(expect.arrayContaining(['body.text', 'body.format']))
  })

  it('describes every endpoint in /api/openapi.json, made from the schemas it validates with', async () => {
    const fx = await apiFixture()
    const response = await fetch(`${fx.url}/api/openapi.json`)
    expect(response.status).toBe(200)
    const document = (await response.json()) as {
      openapi: string
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>
    }
    expect(document.openapi).toBe('3.1.0')
    for (const route of apiRoutes) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${route.path}`).toBeDefined()
      if (route.body !== undefined) expect(operation?.requestBody, `${route.method} ${route.path}`).toBeDefined()
    }
  })

  it('serves the built console with a content security policy, and never a file outside it', async () => {
    const fx = await apiFixture({ consoleDir: builtConsoleDir })
    const page = await fetch(`${fx.url}/runs/some-run`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await page.text()).toContain('<div id="root">')
    expect((await fetch(`${fx.url}/assets/..%2F..%2F..%2Fpackage.json`)).status).toBe(404)
    // Dots the URL itself resolves lead to a page path: the app, never the file.
    const dotted = await fetch(`${fx.url}/assets/%2e%2e/%2e%2e/%2e%2e/package.json`)
    expect(await dotted.text()).not.toContain('"devDependencies"')
  })
})
