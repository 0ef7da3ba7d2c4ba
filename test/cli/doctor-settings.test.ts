import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { providerRules } from '../../src/agent/providers/resolve-model.js'
import { closedPort } from '../closed-port.js'
import { startPostgresServer } from '../postgres-server.js'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

interface Check {
  readonly name: string
  readonly status: 'ok' | 'warn' | 'fail'
  readonly detail: string
}

/** No provider keys, and the local servers' base URLs at a loopback port nothing listens on. */
async function withoutProviders(): Promise<Record<string, string>> {
  const port = await closedPort()
  const env: Record<string, string> = {}
  for (const rule of Object.values(providerRules)) {
    for (const key of rule.keyEnv) env[key] = ''
    env[rule.baseUrlEnv] = rule.keyRequired ? '' : `http://127.0.0.1:${port}/v1`
  }
  return { ...env, BRAVE_API_KEY: '', TAVILY_API_KEY: '' }
}

async function doctor(
  cwd: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; checks: Check[]; stdout: string }> {
  const run = await toolhost(cwd, ['doctor', '--json', '--data-dir', join(cwd, 'data'), ...args], { env })
  return { code: run.code, checks: JSON.parse(run.stdout) as Check[], stdout: run.stdout }
}

const byName = (checks: readonly Check[], name: string): Check | undefined =>
  checks.find((check) => check.name === name)

describe('toolhost doctor, the settings', () => {
  it('fails a broken default profile at its line, and skips what that profile would configure', async () => {
    const cwd = tempDir('toolhost-doctor-profile-')
    mkdirSync(join(cwd, 'data', 'profiles'), { recursive: true })
    writeFileSync(
      join(cwd, 'data', 'profiles', 'default.yaml'),
      'schemaVersion: 2\nid: default\npermissions:\n  mode: yolo\n',
    )
    const { code, checks } = await doctor(cwd, [], await withoutProviders())
    expect(byName(checks, 'profile')).toEqual({
      name: 'profile',
      status: 'fail',
      detail: expect.stringContaining(
        `${join(cwd, 'data', 'profiles', 'default.yaml')}:4:9: permissions.mode: Invalid option`,
      ),
    })
    expect(byName(checks, 'profile')?.detail).toContain('fix it with: toolhost profile edit default')
    expect(byName(checks, 'web search')).toBeUndefined()
    expect(code).toBe(1)
  })

  it('says no provider can be used without keys or local servers, naming variables only', async () => {
    const cwd = tempDir('toolhost-doctor-providers-')
    const none = await doctor(cwd, [], await withoutProviders())
    expect(byName(none.checks, 'providers')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/^no model provider can be used: set a key \(OPENAI_API_KEY, ANTHROPIC_API_KEY/),
    })
    const secret = 'sk-test-not-a-real-key-5551234'
    const keyed = await doctor(cwd, [], { ...(await withoutProviders()), ANTHROPIC_API_KEY: secret })
    expect(byName(keyed.checks, 'providers')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(
        /^keys set: ANTHROPIC_API_KEY; local servers answering: none; not answering: ollama \(127\.0\.0\.1:\d+\)/,
      ),
    })
    expect(keyed.stdout).not.toContain(secret)
  })

  it("checks the profile's language servers, databases and web search, and says what to fix", async () => {
    const cwd = tempDir('toolhost-doctor-settings-')
    const port = await closedPort()
    writeFileSync(join(cwd, 'present.db'), '')
    writeFileSync(
      join(cwd, 'full.yaml'),
      [
        'schemaVersion: 2',
        'id: full',
        'model: anthropic:claude-sonnet-4-5',
        'databases:',
        `  main: { url: "postgres://app:hunter2-secret@127.0.0.1:${port}/app" }`,
        '  gone: { url: "sqlite:missing.db" }',
        '  here: { url: "sqlite:present.db" }',
        '  env: { url: "postgres://app:${TOOLHOST_TEST_UNSET_PASSWORD}@127.0.0.1/app" }',
        `  encoded: { url: "postgres://app:\${TOOLHOST_TEST_PG_PASSWORD}@127.0.0.1:${port}/app" }`,
        'lsp:',
        '  servers:',
        '    made-up: { command: no-such-language-server-xyz, extensions: [.zz] }',
        `    node: { command: ${process.execPath}, extensions: [.js] }`,
        'webSearch: { backend: brave }',
        '',
      ].join('\n'),
    )
    const { code, checks, stdout } = await doctor(cwd, ['--profile', 'full.yaml'], {
      ...(await withoutProviders()),
      TOOLHOST_TEST_PG_PASSWORD: 'p@ss/w:rd-secret',
    })
    expect(byName(checks, 'profile')?.status).toBe('ok')
    expect(byName(checks, 'providers')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/^the profile's model anthropic:claude-sonnet-4-5 needs ANTHROPIC_API_KEY/),
    })
    expect(byName(checks, 'database main')).toEqual({
      name: 'database main',
      status: 'fail',
      detail: `PostgreSQL postgres://app:***@127.0.0.1:${port}/app cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}; start it or fix the URL`,
    })
    expect(byName(checks, 'database encoded')).toMatchObject({
      status: 'fail',
      detail: `PostgreSQL postgres://app:***@127.0.0.1:${port}/app cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}; start it or fix the URL`,
    })
    expect(stdout).not.toContain('hunter2-secret')
    expect(stdout).not.toMatch(/rd-secret|rd%2Dsecret/)
    expect(byName(checks, 'database gone')).toMatchObject({
      status: 'fail',
      detail: `SQLite file ${join(cwd, 'missing.db')} does not exist; create it or fix the URL`,
    })
    expect(byName(checks, 'database here')).toMatchObject({ status: 'ok', detail: `SQLite ${join(cwd, 'present.db')}` })
    expect(byName(checks, 'database env')).toMatchObject({
      status: 'fail',
      detail: 'its URL reads TOOLHOST_TEST_UNSET_PASSWORD from the environment, which is not set',
    })
    expect(byName(checks, 'language server made-up')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        /^"no-such-language-server-xyz" is not found on PATH or in \S+node_modules\/\.bin; install it/,
      ),
    })
    expect(byName(checks, 'language server node')).toMatchObject({
      status: 'ok',
      detail: `${process.execPath} (for .js)`,
    })
    expect(byName(checks, 'web search')).toMatchObject({
      status: 'fail',
      detail: 'webSearch.backend is brave, but BRAVE_API_KEY is not set in the environment',
    })
    expect(code).toBe(1)
  })

  it('fails an MCP server that cannot be reached and counts the tools of one that can, leaving its cache as it was', async () => {
    const cwd = tempDir('toolhost-doctor-mcp-')
    const data = ['--data-dir', join(cwd, 'data')]
    const require = createRequire(import.meta.url)
    const server = join(
      dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
      'dist',
      'index.js',
    )
    expect((await toolhost(cwd, ['mcp', 'add', 'files', ...data, '--', process.execPath, server, cwd])).code).toBe(0)
    expect((await toolhost(cwd, ['mcp', 'discover', 'files', ...data])).code).toBe(0)
    const port = await closedPort()
    expect((await toolhost(cwd, ['mcp', 'add', 'dead', '--url', `http://127.0.0.1:${port}/mcp`, ...data])).code).toBe(0)
    const before = (await toolhost(cwd, ['mcp', 'list', ...data])).stdout

    const { code, checks } = await doctor(cwd, [], await withoutProviders())
    expect(byName(checks, 'mcp dead')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        new RegExp(
          `^cannot reach http://127\\.0\\.0\\.1:${port}/mcp: .+; start the server, or remove it with: toolhost mcp remove dead$`,
        ),
      ),
    })
    expect(byName(checks, 'mcp files')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(
        /^reachable \(stdio: \S+\); lists (\d+) tools; \1 discovered, 0 offered \(ask or allow\)$/,
      ),
    })
    expect(code).toBe(1)
    expect((await toolhost(cwd, ['mcp', 'list', ...data])).stdout).toBe(before)
  })

  it('reports a PostgreSQL database that answers', async () => {
    const server = await startPostgresServer()
    try {
      const cwd = tempDir('toolhost-doctor-postgres-')
      writeFileSync(
        join(cwd, 'pg.yaml'),
        `schemaVersion: 2\nid: pg\ndatabases:\n  main: { url: "${server.superuserUrl()}" }\n`,
      )
      const { checks } = await doctor(cwd, ['--profile', 'pg.yaml'], await withoutProviders())
      expect(byName(checks, 'database main')).toEqual({
        name: 'database main',
        status: 'ok',
        detail: `PostgreSQL ${server.superuserUrl()} answers`,
      })
    } finally {
      await server.stop()
    }
  })
})
