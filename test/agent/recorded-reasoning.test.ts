import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost } from '../../src/host/create-tool-host.js'
import { chunkLines, startReplayServer } from '../model-server/replay-server.js'
import { describeWithSharedFixtures, sharedFixturesDir } from '../shared-fixtures.js'
import { tempDir } from '../temp-dir.js'
import { messageEvents, responseEvents } from './responses-stream.js'

const closing: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

interface Recording {
  readonly file: string
  readonly lines: string[]
  readonly model: string
  /** The reasoning items the recording finishes with encrypted content: id → content. */
  readonly encrypted: Map<string, string>
}

function recordings(): Recording[] {
  const dir = join(sharedFixturesDir('provider-streams'), 'openai-responses')
  return readdirSync(dir)
    .filter((file) => file.endsWith('.chunks.txt'))
    .map((file) => {
      const lines = chunkLines(readFileSync(join(dir, file), 'utf8'))
      const events = lines.map(
        (line) =>
          JSON.parse(line) as {
            type?: string
            item?: { type?: string; id?: string; encrypted_content?: string | null }
            response?: { model?: string }
          },
      )
      const encrypted = new Map<string, string>()
      for (const { type, item } of events) {
        if (
          type === 'response.output_item.done' &&
          item?.type === 'reasoning' &&
          typeof item.id === 'string' &&
          typeof item.encrypted_content === 'string'
        )
          encrypted.set(item.id, item.encrypted_content)
      }
      const model = events.find((event) => event.type === 'response.created')?.response?.model ?? 'gpt-5-mini'
      return { file, lines, model, encrypted }
    })
    .filter((recording) => recording.encrypted.size > 0)
}

describeWithSharedFixtures(
  'provider-streams',
  'encrypted reasoning of recorded Responses streams goes back on the next turn',
  () => {
    const found = recordings()
    if (found.length === 0) {
      it.skip('skipped: no recording in provider-streams/openai-responses carries encrypted reasoning', () => {})
      return
    }
    it.each(found.map((recording) => [recording.file, recording] as const))('%s', async (_, recording) => {
      const answer = responseEvents('resp_answer', [messageEvents('msg_answer', 'Done.', 0)])
      const server = await startReplayServer((_, index) => ({
        kind: 'sse',
        events: index === 0 ? recording.lines : answer,
        done: false,
      }))
      const root = tempDir('toolhost-recorded-reasoning-')
      mkdirSync(join(root, 'project'))
      const host = await createToolHost({
        dataDir: join(root, 'data'),
        workspaceDir: join(root, 'project'),
        inMemoryStore: false,
        watchProcessTools: false,
        processDirs: [],
      })
      closing.push(async () => {
        await host.close()
        await server.close()
      })
      const model = resolveModel(`openai:${recording.model}`, { baseUrl: `${server.origin}/v1`, apiKey: 'k' })
      await runAgent({
        host,
        model,
        prompt: 'Go on.',
        profile: { permissions: { mode: 'bypass' } },
        sleep: async () => {},
      })
      expect(server.requests.length).toBeGreaterThanOrEqual(2)
      const input = server.requests[1]?.body.input as Record<string, unknown>[]
      for (const [id, content] of recording.encrypted)
        expect(input).toContainEqual(expect.objectContaining({ type: 'reasoning', id, encrypted_content: content }))
    })
  },
)
