import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newChannelSecret } from '../../src/channels/http/channel-secret.js'
import { writeProfiles } from '../agent/agent-fixture.js'
import { ScriptedModelServer, type ReceivedRequest } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'
import { said } from './daemon-fixture.js'
import { eventually, httpClient, startServe } from './serve-process.js'

/** How many requests the model got for a conversation (its user text is in every one). */
function turnOf(request: ReceivedRequest): number {
  const messages = request.body.messages as { role: string }[]
  return messages.filter((m) => m.role === 'assistant').length
}

describe('a daemon SIGKILLed mid-run and started again', () => {
  it('loses no message and duplicates no reply or side effect', async () => {
    const root = tempDir('toolhost-crash-')
    const projectDir = join(root, 'project')
    const dataDir = join(root, 'data')
    mkdirSync(projectDir, { recursive: true })
    writeProfiles(dataDir, { daemon: { permissions: { mode: 'bypass' } } })
    let firstLife = true
    const model = await ScriptedModelServer.start('openai-chat', [], {
      respond: (request) => {
        if (turnOf(request) === 0)
          return {
            text: 'Noting it.',
            calls: [
              {
                id: 'call_side',
                name: 'workspace_write_file',
                args: '{"file_path":"side.txt","content":"once\\n","mode":"append"}',
              },
            ],
          }
        // The daemon is killed while it waits for this answer, after the tool ran.
        return firstLife ? { hang: true } : { text: 'Noted once.' }
      },
    })
    const secret = newChannelSecret()
    const args = [
      '--data-dir',
      dataDir,
      '--profile',
      'daemon',
      '--model',
      'openai-chat:gpt-4o-scripted',
      '--base-url',
      model.baseUrl,
      '--api-key',
      'test',
    ]
    const env = { TOOLHOST_HTTP_CHANNEL_SECRET: secret }
    try {
      const first = await startServe(projectDir, args, env)
      const client = httpClient(first.url, secret)
      expect((await client.post('ivan', 'Note it')).status).toBe(202)
      await eventually(
        async () => model.requests.length,
        (n) => n === 2,
        60_000,
        'the second model request',
      )
      expect(readFileSync(join(projectDir, 'side.txt'), 'utf8')).toBe('once\n')
      first.child.kill('SIGKILL')
      await first.exited

      firstLife = false
      const second = await startServe(projectDir, args, env)
      const again = httpClient(second.url, secret)
      const messages = await eventually(
        () => again.messages('ivan'),
        (m) => m.some((x) => x.role === 'assistant'),
        60_000,
        'the reply after the restart',
      )
      expect(said(messages)).toEqual(['user: Note it', 'assistant: Noted once.'])
      expect(readFileSync(join(projectDir, 'side.txt'), 'utf8')).toBe('once\n')
      // A message sent now is answered too, once.
      await again.post('ivan', 'And again')
      const later = await eventually(
        () => again.messages('ivan'),
        (m) => m.filter((x) => x.role === 'assistant').length === 2,
        60_000,
        'the second reply',
      )
      expect(said(later).filter((line) => line.startsWith('assistant'))).toHaveLength(2)
      second.child.kill('SIGTERM')
      expect(await second.exited).toEqual({ code: 0, signal: null })
    } finally {
      await model.close()
    }
  })
})
