import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { files, fixtureName, fixtureRoot, index } from '../model-server/provider-fixtures.js'
import { routes } from '../model-server/provider-fixtures.js'
import { chunkLines, startReplayServer, type ReplayServer } from '../model-server/replay-server.js'
import { describeWithSharedFixtures } from '../shared-fixtures.js'
import { tempDir } from '../temp-dir.js'

let server: ReplayServer | undefined
let host: ToolHost | undefined
afterEach(async () => {
  await host?.close()
  await server?.close()
  host = server = undefined
})

// Every recorded stream, played to the real provider package, through the whole agent loop: the
// calls are mapped back through the snapshot, parsed by ToolArguments, gated and executed.
describeWithSharedFixtures('provider-streams', 'recorded streams through the agent loop', () => {
  const streams = files
    .filter(({ file }) => file.endsWith('.chunks.txt'))
    .map(({ folder, file }) => [`${folder}/${file}`, folder, file] as const)
  it.each(streams)('%s: executes the recorded calls with the recorded arguments', async (_name, folder, file) => {
    const entry = index.find((candidate) => candidate.file === file)
    const route = routes[fixtureName(file)]
    if (entry === undefined || route === undefined) throw new Error(`${file}: no index entry or route`)
    const recording = chunkLines(readFileSync(join(fixtureRoot, folder, file), 'utf8'))
    server = await startReplayServer(() => ({ kind: 'sse', events: recording }))
    const dir = tempDir('toolhost-fixture-run-')
    host = await createToolHost({
      dataDir: join(dir, 'data'),
      workspaceDir: dir,
      processDirs: [],
      watchProcessTools: false,
    })
    const executed: { name: string; args: unknown }[] = []
    const functionNames = [...new Set(entry.tool_calls.flatMap((call) => (call.name === undefined ? [] : [call.name])))]
    for (const name of functionNames) {
      host.extensions.register(
        {
          extensionId: 'fixture',
          name,
          description: `The ${name} tool.`,
          contexts: ['session'],
          inputSchema: { type: 'object' },
        },
        async (args) => {
          executed.push({ name, args })
          return { ok: true }
        },
      )
    }
    const model = resolveModel(route.spec, { baseUrl: `${server.origin}${route.basePath}`, apiKey: 'test' })
    // One model turn: the run stops at tools.maxRounds after executing the recorded calls.
    const result = await runAgent({
      host,
      model,
      prompt: 'What is the weather in San Francisco?',
      profile: { tools: { allow: ['extension/fixture:*'], maxRounds: 1 }, permissions: { mode: 'bypass' } },
      sleep: async () => {},
    })
    expect(result.status).toBe('failed')
    expect(result.reason).toContain('tools.maxRounds')
    const [invocation] = host.store().invocationsOf(result.runId)
    const transcript = host
      .store()
      .transcript(invocation!.id)
      .map(({ entry: e }) => e)
    const results = transcript.find((e) => e.kind === 'results')
    if (results?.kind !== 'results') throw new Error('no results recorded')
    const functionCalls = entry.tool_calls.filter((call) => call.name !== undefined)
    expect(executed).toEqual(functionCalls.map((call) => ({ name: call.name, args: call.arguments })))
    for (const call of entry.tool_calls) {
      const id = call.call_id ?? call.id
      const paired = results.results.find((r) => r.callId === id)
      if (call.name === undefined) {
        // OpenAI's client tool search is not a function of the snapshot: the model hears it is unknown.
        expect(paired).toMatchObject({ isError: true, errorCode: 'model.unknown_tool_call' })
      } else if (id !== undefined) {
        expect(paired).toMatchObject({ isError: false, toolId: `extension/fixture:${call.name}` })
      }
    }
    expect(results.results).toHaveLength(entry.tool_calls.length)
  })
})

describeWithSharedFixtures('provider-streams', 'Gemini thought signatures', () => {
  it('sends the recorded thoughtSignature back with the function call on the next turn', async () => {
    const recording = chunkLines(readFileSync(join(fixtureRoot, 'gemini', 'google-tool-call.chunks.txt'), 'utf8'))
    const recorded = (
      JSON.parse(recording[0] ?? '{}') as { candidates: { content: { parts: { thoughtSignature?: string }[] } }[] }
    ).candidates[0]?.content.parts[0]?.thoughtSignature
    expect(recorded).toMatch(/^EqUC/)
    const answer = JSON.stringify({
      candidates: [{ content: { parts: [{ text: 'Sunny.' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 2, totalTokenCount: 42 },
    })
    server = await startReplayServer((_request, index) => ({ kind: 'sse', events: index === 0 ? recording : [answer] }))
    const dir = tempDir('toolhost-gemini-')
    host = await createToolHost({
      dataDir: join(dir, 'data'),
      workspaceDir: dir,
      processDirs: [],
      watchProcessTools: false,
    })
    host.extensions.register(
      {
        extensionId: 'fixture',
        name: 'weather',
        description: 'The weather.',
        contexts: ['session'],
        inputSchema: { type: 'object' },
      },
      async () => 'Sunny, 18 °C.',
    )
    const route = routes['google-tool-call']!
    const model = resolveModel(route.spec, { baseUrl: `${server.origin}${route.basePath}`, apiKey: 'test' })
    const result = await runAgent({
      host,
      model,
      prompt: 'Weather in San Francisco?',
      profile: { tools: { allow: ['extension/fixture:*'] }, permissions: { mode: 'bypass' } },
      sleep: async () => {},
    })
    expect(result).toMatchObject({ status: 'completed', text: 'Sunny.' })
    const contents = server.requests[1]?.body.contents as { role: string; parts: Record<string, unknown>[] }[]
    const modelTurn = contents.find((content) => content.role === 'model')
    expect(modelTurn?.parts).toContainEqual(
      expect.objectContaining({
        functionCall: expect.objectContaining({ name: 'weather', args: { location: 'San Francisco' } }),
        thoughtSignature: recorded,
      }),
    )
  })
})

describeWithSharedFixtures('provider-streams', 'OpenAI Responses replay', () => {
  it('replays the recorded function call and its output on the next turn', async () => {
    const recording = chunkLines(
      readFileSync(join(fixtureRoot, 'openai-responses', 'azure-tool-call.1.chunks.txt'), 'utf8'),
    )
    const created = recording[0] ?? '{}'
    const completed = JSON.parse(recording.at(-1) ?? '{}') as { response: Record<string, unknown> }
    const message = {
      id: 'msg_answer',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Sunny.', annotations: [], logprobs: [] }],
    }
    const answer = [
      created,
      JSON.stringify({
        type: 'response.output_item.added',
        sequence_number: 1,
        output_index: 0,
        item: { ...message, status: 'in_progress', content: [] },
      }),
      JSON.stringify({
        type: 'response.output_text.delta',
        sequence_number: 2,
        item_id: 'msg_answer',
        output_index: 0,
        content_index: 0,
        delta: 'Sunny.',
        logprobs: [],
      }),
      JSON.stringify({ type: 'response.output_item.done', sequence_number: 3, output_index: 0, item: message }),
      JSON.stringify({ ...completed, sequence_number: 4, response: { ...completed.response, output: [message] } }),
    ]
    server = await startReplayServer((_request, index) => ({ kind: 'sse', events: index === 0 ? recording : answer }))
    const dir = tempDir('toolhost-responses-')
    host = await createToolHost({
      dataDir: join(dir, 'data'),
      workspaceDir: dir,
      processDirs: [],
      watchProcessTools: false,
    })
    host.extensions.register(
      {
        extensionId: 'fixture',
        name: 'weather',
        description: 'The weather.',
        contexts: ['session'],
        inputSchema: { type: 'object' },
      },
      async () => 'Sunny, 18 °C.',
    )
    const route = routes['azure-tool-call.1']!
    const model = resolveModel(route.spec, { baseUrl: `${server.origin}${route.basePath}`, apiKey: 'test' })
    const result = await runAgent({
      host,
      model,
      prompt: 'Weather in San Francisco?',
      profile: { tools: { allow: ['extension/fixture:*'] }, permissions: { mode: 'bypass' } },
      sleep: async () => {},
    })
    expect(result).toMatchObject({ status: 'completed', text: 'Sunny.' })
    const input = server.requests[1]?.body.input as Record<string, unknown>[]
    const call = input.find((item) => item.type === 'function_call')
    const output = input.find((item) => item.type === 'function_call_output')
    expect(call).toMatchObject({
      call_id: 'call_H5DxLSFnsGhiROnUiDHmgyc8',
      name: 'weather',
      arguments: '{"location":"San Francisco"}',
    })
    expect(output).toMatchObject({ call_id: 'call_H5DxLSFnsGhiROnUiDHmgyc8', output: 'Sunny, 18 °C.' })
    // No item references: the run does not rely on items stored server-side.
    expect(input.some((item) => item.type === 'item_reference')).toBe(false)
  })
})
