import type { LanguageModelV4Content, LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { ProtocolName } from '../../core/protocol-name.js'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import { parseToolArguments } from '../../tool/tool-arguments.js'
import {
  chunkLines,
  startReplayServer,
  type ReceivedRequest,
  type ReplayServer,
} from '../../../test/model-server/replay-server.js'
import {
  files,
  fixtureName,
  fixtureRoot,
  index,
  routes,
  type IndexEntry,
} from '../../../test/model-server/provider-fixtures.js'
import { describeWithSharedFixtures } from '../../../test/shared-fixtures.js'
import { modelTools } from './model-tools.js'
import { resolveModel } from './resolve-model.js'
import { streamTurn } from './stream-turn.js'

const prompt: LanguageModelV4Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'What is the weather in San Francisco?' }] },
]

let server: ReplayServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describeWithSharedFixtures('provider-streams', 'provider stream fixtures', () => {
  it('has an index entry and a route for every recorded file, and a file for every index entry', () => {
    expect(files.length).toBeGreaterThan(0)
    for (const { file } of files) {
      expect(
        index.find((entry) => entry.file === file),
        `${file} is not in index.json`,
      ).toBeDefined()
      expect(routes[fixtureName(file)], `${file}: no provider package is set up to serve it`).toBeDefined()
    }
    for (const entry of index)
      expect(
        files.some(({ file }) => file === entry.file),
        `${entry.file} listed but missing`,
      ).toBe(true)
  })

  for (const { folder, file } of files) {
    const entry = index.find((candidate) => candidate.file === file)
    const route = routes[fixtureName(file)]

    it(`${folder}/${file} through the real provider package`, async () => {
      if (entry === undefined || route === undefined)
        throw new Error(`${file}: no index entry or route; cannot serve it to any package`)
      const recording = readFileSync(join(fixtureRoot, folder, file), 'utf8')
      const streaming = file.endsWith('.chunks.txt')
      if (!streaming && !file.endsWith('.json'))
        throw new Error(`${file}: neither .chunks.txt nor .json; cannot serve it`)
      server = await startReplayServer(() =>
        streaming ? { kind: 'sse', events: chunkLines(recording) } : { kind: 'json', body: JSON.parse(recording) },
      )
      const resolved = resolveModel(route.spec, { baseUrl: `${server.origin}${route.basePath}`, apiKey: 'test' })
      const tools = modelTools(bindingsFor(entry), resolved.protocol)

      const calls = streaming ? await streamedCalls(resolved.model, tools) : await generatedCalls(resolved.model, tools)

      // The request: one, to the provider's endpoint, with our tool names and schemas.
      expect(server.requests).toHaveLength(1)
      const request = server.requests[0] as ReceivedRequest
      expect(request.method).toBe('POST')
      expect(request.path).toBe(streaming ? route.streamPath : route.generatePath)
      expect(sentTools(resolved.protocol, request.body)).toEqual(
        tools.map((tool) => ({ name: tool.name, schema: tool.inputSchema })),
      )

      // The calls: ids, names and ToolArguments exactly as index.json records them.
      expect(calls).toHaveLength(entry.tool_calls.length)
      entry.tool_calls.forEach((expected, i) => {
        const call = calls[i]
        if (call === undefined) throw new Error(`${file}: call ${i} missing`)
        const args = parseToolArguments(call.rawArguments)
        if (expected.item_type === 'tool_search_call') {
          // OpenAI's client-executed tool search is a provider tool, not a function of ours:
          // @ai-sdk/openai reports it as `tool_search` with input {arguments, call_id}.
          expect(call.name).toBe('tool_search')
          expect(call.callId).toBe(expected.call_id)
          expect(args).toMatchObject({ ok: true, value: { arguments: expected.arguments, call_id: expected.call_id } })
          return
        }
        expect(call.name).toBe(expected.name)
        const expectedId = expected.call_id ?? expected.id
        if (expectedId !== undefined) expect(call.callId).toBe(expectedId)
        else expect(call.callId).toMatch(/\S/)
        expect(args.ok).toBe(true)
        if (args.ok) expect(args.value).toEqual(expected.arguments)
      })
      expect(new Set(calls.map((call) => call.callId)).size).toBe(calls.length)
    })
  }
})

interface SeenCall {
  readonly callId: string
  readonly name: string
  readonly rawArguments: string
}

async function streamedCalls(
  model: Parameters<typeof streamTurn>[0],
  tools: LanguageModelV4FunctionTool[],
): Promise<SeenCall[]> {
  const events: string[] = []
  const turn = await streamTurn(model, { prompt, tools, onEvent: (event) => events.push(event.type) })
  // A client tool search is not a function call: the Responses API ends that turn with `stop`.
  if (turn.calls.every((call) => call.name !== 'tool_search')) expect(turn.finishReason).toBe('tool-calls')
  expect(events.filter((type) => type === 'tool-call')).toHaveLength(turn.calls.length)
  return [...turn.calls]
}

async function generatedCalls(
  model: Parameters<typeof streamTurn>[0],
  tools: LanguageModelV4FunctionTool[],
): Promise<SeenCall[]> {
  const result = await model.doGenerate({ prompt, tools })
  return result.content
    .filter(
      (part): part is Extract<LanguageModelV4Content, { type: 'tool-call' }> =>
        part.type === 'tool-call' && part.providerExecuted !== true,
    )
    .map((part) => ({ callId: part.toolCallId, name: part.toolName, rawArguments: part.input }))
}

/** Bindings for the functions a recording calls, with a schema shaped like its arguments. */
function bindingsFor(entry: IndexEntry): SnapshotBinding[] {
  const byName = new Map<string, Record<string, unknown>>()
  for (const call of entry.tool_calls)
    if (call.name !== undefined && !byName.has(call.name)) byName.set(call.name, call.arguments)
  return [...byName].map(([name, args]) => binding(name, args))
}

function binding(alias: string, args: Record<string, unknown>): SnapshotBinding {
  const keys = Object.keys(args)
  const properties = Object.fromEntries(
    keys.map((key) => [key, { type: Array.isArray(args[key]) ? 'array' : typeof args[key] }]),
  )
  const inputSchema = keys.length === 0 ? { type: 'object' } : { type: 'object', properties, required: keys }
  return {
    toolId: `builtin:${alias}` as SnapshotBinding['toolId'],
    alias,
    description: `The ${alias} tool.`,
    inputSchema,
    strict: false,
    dropped: [],
    annotations: {},
    completion: false,
  }
}

/** The function tools a request body declares, as {name, schema}, per wire dialect. */
function sentTools(protocol: ProtocolName, body: Record<string, unknown>): { name: unknown; schema: unknown }[] {
  const tools = (body.tools ?? []) as Record<string, unknown>[]
  switch (protocol) {
    case 'openai-chat':
    case 'openai-compatible':
      return tools.map((tool) => {
        expect(tool.type).toBe('function')
        const fn = tool.function as Record<string, unknown>
        return { name: fn.name, schema: fn.parameters }
      })
    case 'openai-responses':
      return tools.map((tool) => {
        expect(tool.type).toBe('function')
        return { name: tool.name, schema: tool.parameters }
      })
    case 'anthropic':
      return tools.map((tool) => ({ name: tool.name, schema: tool.input_schema }))
    case 'gemini':
      return tools.flatMap((tool) =>
        ((tool.functionDeclarations ?? []) as Record<string, unknown>[]).map((declaration) => ({
          name: declaration.name,
          schema: declaration.parametersJsonSchema,
        })),
      )
  }
}
