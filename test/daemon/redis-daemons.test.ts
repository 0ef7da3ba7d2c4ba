import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newChannelSecret } from '../../src/channels/http/channel-secret.js'
import { ScriptedModelServer, type ReceivedRequest } from '../model-server/scripted-model-server.js'
import { describeWithRedis, startRedisServer, type RedisServer } from '../redis-server.js'
import { tempDir } from '../temp-dir.js'
import { eventually, httpClient, startServe } from './serve-process.js'

const conversations = 200

/** The text of the last user message of a request. */
function lastUserText(request: ReceivedRequest): string {
  const messages = request.body.messages as { role: string; content: unknown }[]
  const last = messages.filter((m) => m.role === 'user').at(-1)?.content
  return typeof last === 'string' ? last : JSON.stringify(last)
}

describeWithRedis('two daemon processes on one Redis', () => {
  let redis: RedisServer
  beforeAll(async () => {
    redis = await startRedisServer()
  })
  afterAll(async () => {
    await redis.stop()
  })

  it(
    `share ${conversations} conversations, each message answered exactly once and in order`,
    { timeout: 300_000 },
    async () => {
      const root = tempDir('toolhost-redis-daemons-')
      const projectDir = join(root, 'project')
      const dataDir = join(root, 'data')
      mkdirSync(projectDir, { recursive: true })
      const model = await ScriptedModelServer.start('openai-chat', [], {
        respond: (request) => ({ text: `re: ${lastUserText(request)}` }),
      })
      const secret = newChannelSecret()
      const args = [
        '--data-dir',
        dataDir,
        '--queue',
        redis.url,
        '--model',
        'openai-chat:gpt-4o-scripted',
        '--base-url',
        model.baseUrl,
        '--api-key',
        'test',
        '--log-level',
        'info',
      ]
      const env = { TOOLHOST_HTTP_CHANNEL_SECRET: secret }
      try {
        const daemons = [await startServe(projectDir, args, env), await startServe(projectDir, args, env)]
        const clients = daemons.map((d) => httpClient(d.url, secret))
        // Each conversation gets two messages, through either daemon.
        for (let i = 0; i < conversations; i += 1)
          expect((await clients[i % 2]!.post(`c${i}`, `first ${i}`)).status).toBe(202)
        for (let i = 0; i < conversations; i += 1)
          expect((await clients[(i + 1) % 2]!.post(`c${i}`, `second ${i}`)).status).toBe(202)
        for (let i = 0; i < conversations; i += 1) {
          const messages = await eventually(
            () => clients[0]!.messages(`c${i}`),
            (m) => m.filter((x) => x.role === 'assistant').length >= 2,
            240_000,
            `both replies in conversation c${i}`,
          )
          expect(messages.filter((m) => m.role === 'assistant').map((m) => m.text)).toEqual([
            `re: first ${i}`,
            `re: second ${i}`,
          ])
        }
        // Every message was one model request: none was answered twice.
        expect(model.requests).toHaveLength(2 * conversations)
        // Both processes took part.
        for (const daemon of daemons) expect(daemon.stderr()).toContain('run ended')
        for (const daemon of daemons) daemon.child.kill('SIGTERM')
        for (const daemon of daemons) expect(await daemon.exited).toEqual({ code: 0, signal: null })
      } finally {
        await model.close()
      }
    },
  )
})
