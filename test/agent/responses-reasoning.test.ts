import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost } from '../../src/host/create-tool-host.js'
import { startReplayServer, type ReplayServer } from '../model-server/replay-server.js'
import { tempDir } from '../temp-dir.js'
import { functionCallEvents, messageEvents, reasoningEvents, responseEvents } from './responses-stream.js'

const closing: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

/** The Responses API's `input` items of a request body. */
function inputOf(server: ReplayServer, request: number): Record<string, unknown>[] {
  return server.requests[request]?.body.input as Record<string, unknown>[]
}

/** Runs an agent against a Responses server: a turn that reasons, then calls a tool, then an answer. */
async function runReasoningTurns(
  providerOptions?: Record<string, Record<string, unknown>>,
): Promise<{ server: ReplayServer; status: string }> {
  const turns = [
    responseEvents('resp_1', [
      reasoningEvents('rs_1', 'I should roll the die.', 'enc-rs-1-secret'),
      functionCallEvents('fc_1', 'call_1', 'dice_roll', '{"formula":"1d1"}', 1),
    ]),
    responseEvents('resp_2', [
      reasoningEvents('rs_2', 'It rolled a 1.', 'enc-rs-2-secret'),
      messageEvents('msg_2', 'Rolled a 1.', 1),
    ]),
  ]
  const server = await startReplayServer((_, index) => ({ kind: 'sse', events: turns[index] ?? [], done: false }))
  const root = tempDir('toolhost-responses-')
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
  const model = resolveModel('openai:gpt-5-mini', { baseUrl: `${server.origin}/v1`, apiKey: 'k' })
  const result = await runAgent({
    host,
    model,
    prompt: 'Roll a d1.',
    profile: { permissions: { mode: 'bypass' }, agent: providerOptions === undefined ? {} : { providerOptions } },
    sleep: async () => {},
  })
  return { server, status: result.status }
}

describe('reasoning on the Responses API survives tool calls', () => {
  it('by default stores nothing at OpenAI and sends the encrypted reasoning item back before its call', async () => {
    const { server, status } = await runReasoningTurns()
    expect(status).toBe('completed')
    expect(server.requests).toHaveLength(2)
    for (const request of server.requests)
      expect(request.body).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] })
    const input = inputOf(server, 1)
    const reasoning = input.findIndex((item) => item.type === 'reasoning')
    expect(input[reasoning]).toEqual({
      type: 'reasoning',
      id: 'rs_1',
      encrypted_content: 'enc-rs-1-secret',
      summary: [{ type: 'summary_text', text: 'I should roll the die.' }],
    })
    expect(input[reasoning + 1]).toMatchObject({
      type: 'function_call',
      call_id: 'call_1',
      name: 'dice_roll',
      arguments: '{"formula":"1d1"}',
    })
    expect(input[reasoning + 2]).toMatchObject({ type: 'function_call_output', call_id: 'call_1' })
    expect(input.some((item) => item.type === 'item_reference')).toBe(false)
  })

  it('with agent.providerOptions.openai.store true, sends a reference to the stored reasoning item', async () => {
    const { server, status } = await runReasoningTurns({ openai: { store: true } })
    expect(status).toBe('completed')
    expect(server.requests[0]?.body.store).toBe(true)
    expect(server.requests[0]?.body.include).toBeUndefined()
    const input = inputOf(server, 1)
    const reference = input.findIndex((item) => item.type === 'item_reference')
    expect(input[reference]).toEqual({ type: 'item_reference', id: 'rs_1' })
    expect(input[reference + 1]).toMatchObject({ type: 'function_call', call_id: 'call_1' })
    expect(JSON.stringify(input)).not.toContain('enc-rs-1-secret')
  })
})
