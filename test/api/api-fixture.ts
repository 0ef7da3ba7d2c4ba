import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { consoleMounts } from '../../src/api/console-mounts.js'
import { startServe, type Serving } from '../../src/daemon/serve/start-serve.js'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { ScriptedModelServer, type ScriptedReply, type ScriptOptions } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'

/** A `toolhost serve` with its API and console, in this process, against a scripted model. */
export interface ApiFixture {
  readonly url: string
  readonly token: string
  readonly host: ToolHost
  readonly model: ScriptedModelServer
  readonly projectDir: string
  readonly dataDir: string
  /** A request with the bearer token; JSON bodies are sent as JSON. */
  api(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>
  /** Logs a browser in: its session cookie and CSRF token. */
  login(): Promise<{ readonly cookie: string; readonly csrfToken: string }>
}

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close()
})

/**
 * Starts the scripted model, a host over fresh directories and `startServe` (the daemon with the
 * HTTP channel, its API and console mounted), all stopped after the test.
 */
export async function apiFixture(
  options: {
    readonly replies?: readonly ScriptedReply[]
    readonly script?: ScriptOptions
    readonly consoleDir?: string
    readonly setup?: (dirs: { readonly projectDir: string; readonly dataDir: string }) => void | Promise<void>
  } = {},
): Promise<ApiFixture> {
  const root = tempDir('toolhost-api-')
  const projectDir = join(root, 'project')
  const dataDir = join(root, 'data')
  mkdirSync(projectDir, { recursive: true })
  mkdirSync(dataDir, { recursive: true })
  await options.setup?.({ projectDir, dataDir })
  const model = await ScriptedModelServer.start('openai-chat', options.replies ?? [], options.script)
  const host = await createToolHost({
    dataDir,
    workspaceDir: projectDir,
    inMemoryStore: false,
    watchProcessTools: false,
    processDirs: [],
  })
  let serving: Serving
  try {
    serving = await startServe({
      host,
      model: 'openai-chat:gpt-4o-scripted',
      baseUrl: model.baseUrl,
      apiKey: 'test-key',
      bind: '127.0.0.1',
      port: 0,
      allowNonLoopback: false,
      queue: 'sqlite',
      channels: ['http'],
      replyMode: 'final-text',
      logLevel: 'warn',
      env: { TOOLHOST_HTTP_CHANNEL_SECRET: 'channel-secret-of-the-api-fixture-32+' },
      mounts: consoleMounts(options.consoleDir === undefined ? {} : { dir: options.consoleDir }),
    })
  } catch (error) {
    await host.close()
    await model.close()
    throw error
  }
  open.push(async () => {
    await serving.stop()
    await host.close()
    await model.close()
  })
  const { url, token } = serving
  return {
    url,
    token,
    host,
    model,
    projectDir,
    dataDir,
    api: (path, init = {}) =>
      fetch(`${url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      }),
    async login() {
      const response = await fetch(`${url}/login?token=${encodeURIComponent(token)}`, { redirect: 'manual' })
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      const session = (await (await fetch(`${url}/api/session`, { headers: { cookie } })).json()) as {
        csrfToken: string
      }
      return { cookie, csrfToken: session.csrfToken }
    },
  }
}
