import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import { afterEach, describe, expect, it } from 'vitest'
import { modelTools } from '../../src/agent/providers/model-tools.js'
import { resolveModel } from '../../src/agent/providers/resolve-model.js'
import { streamTurn } from '../../src/agent/providers/stream-turn.js'
import { parseToolArguments } from '../../src/tool/tool-arguments.js'
import { startReplayServer, type ReplayServer } from '../model-server/replay-server.js'
import { offeredTools } from './replayed-turn.js'
import { apiOf, bindingsFor, streamBody, wireStreams } from './wire-streams.js'

// Each hand-written stream, served to the real provider package, read by streamTurn: the calls'
// ids, names and ToolArguments, the text and the reasoning must come out as streams.json says.

const prompt: LanguageModelV4Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'Plan the passage along the coast.' }] },
]

let server: ReplayServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('hand-written wire streams through the provider packages', () => {
  it('cover every wire API, with parallel, invalid and reasoning turns in each', () => {
    const apis = ['openai-chat', 'anthropic', 'gemini', 'openai-responses']
    expect(new Set(wireStreams.map(apiOf))).toEqual(new Set(apis))
    for (const api of apis) {
      const streams = wireStreams.filter((stream) => apiOf(stream) === api)
      expect(
        streams.some((stream) => stream.calls.length >= 2),
        `${api}: parallel calls`,
      ).toBe(true)
      expect(
        streams.some((stream) => stream.calls.some((call) => 'invalid' in call)),
        `${api}: invalid arguments`,
      ).toBe(true)
      expect(
        streams.some((stream) => (stream.reasoning ?? '') !== ''),
        `${api}: reasoning`,
      ).toBe(true)
      expect(
        streams.some((stream) => stream.text !== '' && stream.calls.length > 0),
        `${api}: text with calls`,
      ).toBe(true)
    }
  })

  it.each(wireStreams.map((stream) => [stream.file, stream] as const))('%s', async (_file, stream) => {
    server = await startReplayServer(() => ({ kind: 'sse-text', body: streamBody(stream) }))
    const resolved = resolveModel(stream.model, { baseUrl: `${server.origin}/v1`, apiKey: 'test' })
    const started: string[] = []
    const tools = modelTools(bindingsFor(stream), resolved.protocol)
    const turn = await streamTurn(resolved.model, {
      prompt,
      tools,
      onEvent: (event) => event.type === 'tool-call-start' && started.push(event.name),
    })

    expect(server.requests.map((request) => request.path)).toEqual([stream.path])
    expect(offeredTools(apiOf(stream), server.requests[0]!.body)).toEqual(
      tools.map((tool) => ({ name: tool.name, schema: tool.inputSchema })),
    )
    expect(turn.text).toBe(stream.text)
    expect(turn.reasoning).toBe(stream.reasoning ?? '')
    expect(started).toEqual(stream.calls.map((call) => call.name))
    expect(turn.calls.map((call) => call.name)).toEqual(stream.calls.map((call) => call.name))
    stream.calls.forEach((expected, i) => {
      const call = turn.calls[i]!
      if (expected.id !== undefined) expect(call.callId).toBe(expected.id)
      const args = parseToolArguments(call.rawArguments)
      if ('arguments' in expected) expect(args).toMatchObject({ ok: true, value: expected.arguments })
      else expect(args).toMatchObject({ ok: false, raw: expected.invalid })
      if (expected.thoughtSignature !== undefined)
        expect(call.metadata?.google).toMatchObject({ thoughtSignature: expected.thoughtSignature })
    })
    expect(new Set(turn.calls.map((call) => call.callId)).size).toBe(turn.calls.length)
  })
})
