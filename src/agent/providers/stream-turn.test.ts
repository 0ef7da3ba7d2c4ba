import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4StreamPart,
  type LanguageModelV4Usage,
} from '@ai-sdk/provider'
import { afterEach, describe, expect, it } from 'vitest'
import { chunkLines, startReplayServer, type ReplayServer } from '../../../test/model-server/replay-server.js'
import { ModelStreamError } from './model-stream-error.js'
import type { ModelStreamEvent } from './model-turn.js'
import { resolveModel } from './resolve-model.js'
import { streamTurn } from './stream-turn.js'

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 7, text: 5, reasoning: 2 },
}
const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]

/** A model whose stream is the given parts (and then closes, unless `open`). */
function scriptedModel(
  parts: LanguageModelV4StreamPart[],
  options: { open?: boolean; seen?: LanguageModelV4CallOptions[] } = {},
): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'test',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('not used')),
    doStream: (callOptions) => {
      options.seen?.push(callOptions)
      return Promise.resolve({
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            if (options.open !== true) controller.close()
          },
        }),
      })
    },
  }
}

/** The events of what the model produced, without the call's progress. */
const withoutProgress = (events: readonly ModelStreamEvent[]) => events.filter((event) => event.type !== 'model-call')

const finish: LanguageModelV4StreamPart = {
  type: 'finish',
  usage,
  finishReason: { unified: 'tool-calls', raw: 'tool_use' },
}

describe('streamTurn', () => {
  it('surfaces reasoning, text and tool calls in stream order and collects the turn', async () => {
    const events: ModelStreamEvent[] = []
    const seen: LanguageModelV4CallOptions[] = []
    const model = scriptedModel(
      [
        { type: 'stream-start', warnings: [] },
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'Think' },
        { type: 'reasoning-delta', id: 'r', delta: 'ing.' },
        { type: 'reasoning-end', id: 'r' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hello ' },
        { type: 'text-delta', id: 't', delta: 'world' },
        { type: 'text-end', id: 't' },
        { type: 'tool-input-start', id: 'call_1', toolName: 'dice_roll' },
        { type: 'tool-input-delta', id: 'call_1', delta: '{"formula":' },
        { type: 'tool-input-end', id: 'call_1' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'dice_roll', input: '{"formula": "2d6" }' },
        { type: 'tool-input-start', id: 'ws_1', toolName: 'web_search', providerExecuted: true },
        { type: 'tool-call', toolCallId: 'ws_1', toolName: 'web_search', input: '{}', providerExecuted: true },
        { type: 'tool-call', toolCallId: 'call_2', toolName: 'calculator_evaluate', input: '' },
        finish,
      ],
      { seen },
    )
    const turn = await streamTurn(model, {
      prompt,
      tools: [],
      maxOutputTokens: 100,
      onEvent: (event) => events.push(event),
    })
    expect(events.filter((event) => event.type === 'model-call')).toEqual([
      { type: 'model-call', phase: 'sent' },
      { type: 'model-call', phase: 'responding' },
      { type: 'model-call', phase: 'ended' },
    ])
    expect(withoutProgress(events)).toEqual([
      { type: 'reasoning-delta', delta: 'Think' },
      { type: 'reasoning-delta', delta: 'ing.' },
      { type: 'text-delta', delta: 'Hello ' },
      { type: 'text-delta', delta: 'world' },
      { type: 'tool-call-start', callId: 'call_1', name: 'dice_roll' },
      { type: 'tool-call', call: { callId: 'call_1', name: 'dice_roll', rawArguments: '{"formula": "2d6" }' } },
      { type: 'tool-call', call: { callId: 'call_2', name: 'calculator_evaluate', rawArguments: '' } },
    ])
    expect(turn).toEqual({
      text: 'Hello world',
      reasoning: 'Thinking.',
      reasoningParts: [{ text: 'Thinking.' }],
      calls: [
        { callId: 'call_1', name: 'dice_roll', rawArguments: '{"formula": "2d6" }' },
        { callId: 'call_2', name: 'calculator_evaluate', rawArguments: '' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 12, outputTokens: 7 },
    })
    expect(seen[0]).toMatchObject({ prompt, maxOutputTokens: 100 })
    expect(seen[0]).not.toHaveProperty('tools')
    expect(seen[0]).not.toHaveProperty('toolChoice')
  })

  it('keeps the metadata providers attach to reasoning blocks and calls, block by block', async () => {
    const model = scriptedModel([
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-delta', id: 'r1', delta: 'First.' },
      { type: 'reasoning-delta', id: 'r1', delta: '', providerMetadata: { anthropic: { signature: 'sig-1' } } },
      { type: 'reasoning-end', id: 'r1' },
      { type: 'reasoning-start', id: 'r2', providerMetadata: { anthropic: { redactedData: 'xyz' } } },
      { type: 'reasoning-end', id: 'r2' },
      {
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'dice_roll',
        input: '{}',
        providerMetadata: { google: { thoughtSignature: 'EqUC' } },
      },
      finish,
    ])
    const turn = await streamTurn(model, { prompt, tools: [] })
    expect(turn.reasoningParts).toEqual([
      { text: 'First.', metadata: { anthropic: { signature: 'sig-1' } } },
      { text: '', metadata: { anthropic: { redactedData: 'xyz' } } },
    ])
    expect(turn.calls).toEqual([
      { callId: 'c1', name: 'dice_roll', rawArguments: '{}', metadata: { google: { thoughtSignature: 'EqUC' } } },
    ])
  })

  it('passes tools and tool choice to doStream', async () => {
    const seen: LanguageModelV4CallOptions[] = []
    const tools = [{ type: 'function' as const, name: 'a', inputSchema: { type: 'object' as const } }]
    await streamTurn(scriptedModel([finish], { seen }), { prompt, tools, toolChoice: { type: 'required' } })
    expect(seen[0]).toMatchObject({ tools, toolChoice: { type: 'required' } })
  })

  it('leaves usage fields out when the provider reports none', async () => {
    const none: LanguageModelV4Usage = {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    }
    const turn = await streamTurn(
      scriptedModel([{ type: 'finish', usage: none, finishReason: { unified: 'stop', raw: undefined } }]),
      { prompt, tools: [] },
    )
    expect(turn.usage).toEqual({})
    expect(turn.finishReason).toBe('stop')
  })

  it('throws on an error part, keeping the provider error as cause', async () => {
    const providerError = { message: 'Overloaded', type: 'overloaded_error', isRetryable: true }
    const model = scriptedModel([
      { type: 'text-delta', id: 't', delta: 'partial' },
      { type: 'error', error: providerError },
      finish,
    ])
    const failure = await streamTurn(model, { prompt, tools: [] }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ModelStreamError)
    expect((failure as ModelStreamError).cause).toBe(providerError)
    expect((failure as ModelStreamError).retryable).toBe(true)
    expect((failure as Error).message).toContain('Overloaded')
  })

  it('throws when the stream ends without finish', async () => {
    const model = scriptedModel([{ type: 'text-delta', id: 't', delta: 'cut' }])
    await expect(streamTurn(model, { prompt, tools: [] })).rejects.toThrow(/ended without a finish/)
  })

  it('throws what doStream throws (an APICallError stays itself)', async () => {
    const apiError = new APICallError({ message: 'bad', url: 'http://x', requestBodyValues: {}, statusCode: 400 })
    const model: LanguageModelV4 = { ...scriptedModel([]), doStream: () => Promise.reject(apiError) }
    await expect(streamTurn(model, { prompt, tools: [] })).rejects.toBe(apiError)
  })

  it('rejects with an AbortError when aborted mid-stream, and before starting', async () => {
    const controller = new AbortController()
    const events: ModelStreamEvent[] = []
    const model = scriptedModel([{ type: 'text-delta', id: 't', delta: 'first' }], { open: true })
    const turn = streamTurn(model, {
      prompt,
      tools: [],
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event)
        controller.abort()
      },
    })
    await expect(turn).rejects.toMatchObject({ name: 'AbortError' })
    expect(withoutProgress(events)).toEqual([{ type: 'text-delta', delta: 'first' }])
    await expect(streamTurn(model, { prompt, tools: [], signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })

  describe('through a real provider package', () => {
    let server: ReplayServer | undefined
    afterEach(async () => {
      await server?.close()
      server = undefined
    })

    const chatChunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      })

    it('aborts a stream the server holds open', async () => {
      server = await startReplayServer(() => ({
        kind: 'sse',
        events: [chatChunk({ role: 'assistant', content: 'Hel' })],
        done: false,
        holdOpen: true,
      }))
      const { model } = resolveModel('ollama:llama3.1:8b', { baseUrl: `${server.origin}/v1` })
      const controller = new AbortController()
      const turn = streamTurn(model, {
        prompt,
        tools: [],
        signal: controller.signal,
        onEvent: () => controller.abort(),
      })
      await expect(turn).rejects.toMatchObject({ name: 'AbortError' })
    })

    it('fails on a stream cut before its finish', async () => {
      server = await startReplayServer(() => ({
        kind: 'sse',
        events: [chatChunk({ role: 'assistant', content: 'Hel' })],
        done: false,
      }))
      const { model } = resolveModel('ollama:llama3.1:8b', { baseUrl: `${server.origin}/v1` })
      const failure = await streamTurn(model, { prompt, tools: [] }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ModelStreamError)
      expect((failure as ModelStreamError).retryable).toBe(true)
    })

    it('streams text and reasoning from DeepSeek in order', async () => {
      const lines = chunkLines(
        [
          chatChunk({ role: 'assistant', content: null, reasoning_content: 'Let me ' }),
          chatChunk({ content: null, reasoning_content: 'think.' }),
          chatChunk({ content: 'Hi ' }),
          chatChunk({ content: 'there' }),
          chatChunk({}, 'stop'),
        ].join('\n'),
      )
      server = await startReplayServer(() => ({ kind: 'sse', events: lines }))
      const { model } = resolveModel('deepseek:deepseek-reasoner', { baseUrl: server.origin, apiKey: 'k' })
      const events: ModelStreamEvent[] = []
      const turn = await streamTurn(model, { prompt, tools: [], onEvent: (event) => events.push(event) })
      expect(withoutProgress(events).map((event) => event.type)).toEqual([
        'reasoning-delta',
        'reasoning-delta',
        'text-delta',
        'text-delta',
      ])
      expect(turn).toMatchObject({ text: 'Hi there', reasoning: 'Let me think.', calls: [], finishReason: 'stop' })
    })
  })
})
