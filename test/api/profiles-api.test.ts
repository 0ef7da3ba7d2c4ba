import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiFixture } from './api-fixture.js'

interface Check {
  valid: boolean
  errors: { line: number; column: number; message: string; path?: string }[]
}

const validate = async (fx: Awaited<ReturnType<typeof apiFixture>>, text: string, format: 'json' | 'yaml') => {
  const response = await fx.api('/api/profiles/validate', { body: { text, format } })
  expect(response.status).toBe(200)
  return (await response.json()) as Check
}

describe('the profile routes', () => {
  it('places YAML problems at their line and column: syntax, unknown keys, wrong values, a missing id', async () => {
    const fx = await apiFixture()
    expect(await validate(fx, 'schemaVersion: 2\nid: reader\ntools:\n  allow: ["builtin:*"]\n', 'yaml')).toEqual({
      valid: true,
      errors: [],
    })
    const syntax = await validate(fx, 'schemaVersion: 2\nid: [reader\n', 'yaml')
    expect(syntax.valid).toBe(false)
    expect(syntax.errors[0]?.message).toMatch(/^YAML/)
    const unknown = await validate(fx, 'schemaVersion: 2\nid: reader\ntools:\n  allow: []\n  alow: []\n', 'yaml')
    expect(unknown.errors).toEqual([
      expect.objectContaining({
        line: 5,
        column: 3,
        path: 'tools.alow',
        message: expect.stringMatching(/unknown key "alow".*valid keys: .*allow/),
      }),
    ])
    const wrong = await validate(fx, 'schemaVersion: 2\nid: reader\npermissions:\n  mode: sometimes\n', 'yaml')
    expect(wrong.errors).toEqual([expect.objectContaining({ line: 4, column: 9, path: 'permissions.mode' })])
    const noId = await validate(fx, 'schemaVersion: 2\n', 'yaml')
    expect(noId.errors).toEqual([expect.objectContaining({ line: 1, column: 1, path: 'id' })])
  })

  it('places JSON problems at their line and column, also where JSON.parse names no position', async () => {
    const fx = await apiFixture()
    const stray = await validate(fx, '{\n  "schemaVersion": 2,\n  "id": }\n', 'json')
    expect(stray.errors).toEqual([
      expect.objectContaining({ line: 3, column: 9, message: expect.stringMatching(/^Not valid JSON/) }),
    ])
    const comma = await validate(fx, '{\n  "schemaVersion": 2,\n  "id": "a",\n}', 'json')
    expect(comma.errors[0]).toMatchObject({ line: 4, column: 1 })
    const value = await validate(
      fx,
      '{\n  "schemaVersion": 2,\n  "id": "a",\n  "tools": { "maxRounds": -1 }\n}',
      'json',
    )
    expect(value.errors).toEqual([expect.objectContaining({ line: 4, column: 27, path: 'tools.maxRounds' })])
    const version = await validate(fx, '{ "id": "a" }', 'json')
    expect(version.errors[0]?.message).toMatch(/schemaVersion is missing/)
  })

  it('saves a valid profile atomically as <id>.<format>, replacing another format, and lists and reads it', async () => {
    const fx = await apiFixture()
    const before = (await (await fx.api('/api/profiles')).json()) as { profiles: { id: string; builtin: boolean }[] }
    expect(before.profiles).toEqual([expect.objectContaining({ id: 'default', builtin: true, valid: true })])
    const defaultText = (await (await fx.api('/api/profiles/default')).json()) as { text: string; builtin: boolean }
    expect(defaultText.builtin).toBe(true)
    expect(JSON.parse(defaultText.text)).toMatchObject({ id: 'default' })

    const json = JSON.stringify({ schemaVersion: 2, id: 'reader' })
    const saved = await fx.api('/api/profiles/reader', { method: 'PUT', body: { text: json, format: 'json' } })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ id: 'reader', path: join(fx.dataDir, 'profiles', 'reader.json') })
    const yaml = 'schemaVersion: 2\nid: reader\ndescription: reads\n'
    expect((await fx.api('/api/profiles/reader', { method: 'PUT', body: { text: yaml, format: 'yaml' } })).status).toBe(
      200,
    )
    expect(readdirSync(join(fx.dataDir, 'profiles'))).toEqual(['reader.yaml'])
    expect(await (await fx.api('/api/profiles/reader')).json()).toEqual({
      id: 'reader',
      path: join(fx.dataDir, 'profiles', 'reader.yaml'),
      format: 'yaml',
      text: yaml,
      builtin: false,
    })
    // The host uses what was saved.
    expect(await (await fx.api('/api/tools?profile=reader')).json()).toMatchObject({ profileId: 'reader' })
  })

  it('refuses an invalid profile (422 with the errors, nothing written), an id that is not its name, bad bodies (400), unknown ids (404)', async () => {
    const fx = await apiFixture({
      setup: ({ dataDir }) => {
        mkdirSync(join(dataDir, 'profiles'))
        writeFileSync(join(dataDir, 'profiles', 'broken.yaml'), 'schemaVersion: 2\nid: broken\nmodes: 1\n')
      },
    })
    const invalid = await fx.api('/api/profiles/fresh', {
      method: 'PUT',
      body: { text: 'schemaVersion: 2\nid: fresh\ntools: 3\n', format: 'yaml' },
    })
    expect(invalid.status).toBe(422)
    const body = (await invalid.json()) as { error: string; details: Check['errors'] }
    expect(body.error).toMatch(/not saved: line 3, column 8/)
    expect(body.details[0]).toMatchObject({ line: 3, column: 8, path: 'tools' })
    expect(existsSync(join(fx.dataDir, 'profiles', 'fresh.yaml'))).toBe(false)

    const otherId = await fx.api('/api/profiles/fresh', {
      method: 'PUT',
      body: { text: '{"schemaVersion": 2, "id": "stale"}', format: 'json' },
    })
    expect(otherId.status).toBe(422)
    expect(((await otherId.json()) as { details: Check['errors'] }).details[0]?.message).toMatch(/id is "stale"/)

    const noFormat = await fx.api('/api/profiles/validate', { body: { text: '' } })
    expect(noFormat.status).toBe(400)
    expect(JSON.stringify(await noFormat.json())).toContain('body.format')
    expect(
      (await fx.api('/api/profiles/..%2Fsecret', { method: 'PUT', body: { text: '', format: 'json' } })).status,
    ).toBe(400)
    const missing = await fx.api('/api/profiles/nosuch')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: string }).error).toMatch(
      /No profile "nosuch".*PUT \/api\/profiles\/nosuch/,
    )

    const list = (await (await fx.api('/api/profiles')).json()) as {
      profiles: { id: string; valid: boolean; error?: string }[]
    }
    expect(list.profiles.find((p) => p.id === 'broken')).toMatchObject({
      valid: false,
      error: expect.stringMatching(/^line 3, column 1: unknown key "modes"/),
    })
    expect(readFileSync(join(fx.dataDir, 'profiles', 'broken.yaml'), 'utf8')).toContain('modes')
  })

  it('needs the token, a local origin, and a browser\u2019s CSRF token to save; saves are audited', async () => {
    const fx = await apiFixture()
    expect((await fetch(`${fx.url}/api/profiles`)).status).toBe(401)
    expect((await fx.api('/api/profiles', { headers: { origin: 'http://evil.example' } })).status).toBe(403)
    const { cookie, csrfToken } = await fx.login()
    const save = (headers: Record<string, string>) =>
      fetch(`${fx.url}/api/profiles/web`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ format: 'json', text: '{"schemaVersion": 2, "id": "web"}' }),
      })
    expect((await save({})).status).toBe(403)
    expect(existsSync(join(fx.dataDir, 'profiles', 'web.json'))).toBe(false)
    expect((await save({ 'x-csrf-token': csrfToken })).status).toBe(200)
    expect(existsSync(join(fx.dataDir, 'profiles', 'web.json'))).toBe(true)
    const audit = (await (await fx.api('/api/audit')).json()) as {
      requests: { actor: string; method: string; path: string; status: number }[]
    }
    expect(audit.requests).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'PUT', path: '/api/profiles/web', status: 200 })]),
    )
    expect(audit.requests.find((r) => r.path === '/api/profiles/web')?.actor).toMatch(/^session:/)
  })
})
