import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { AgentToolResult } from '../../src/tool/agent-tool-result.js'
import { startReplayServer, type ReplayServer } from '../model-server/replay-server.js'
import { tempDir } from '../temp-dir.js'
import { replayedTurn } from './replayed-turn.js'
import { answerBody, answerText, apiOf, streamBody, wireStreams, wireTools, type WireStream } from './wire-streams.js'

// Each hand-written stream through the whole loop: the real provider package reads it, the calls
// map back through the snapshot, ToolArguments parses them, the gate checks them, the tools run;
// the next request carries every call with its result, and the answer ends the run.

let server: ReplayServer | undefined
let host: ToolHost | undefined
afterEach(async () => {
  await host?.close()
  await server?.close()
  host = server = undefined
})

/** What each tool answers: its name and the arguments it received, so results show what ran. */
const toolAnswer = (name: string, args: unknown) => `${name} ran with ${JSON.stringify(args)}`

async function run(stream: WireStream) {
  server = await startReplayServer((_request, index) => ({
    kind: 'sse-text',
    body: index === 0 ? streamBody(stream) : answerBody(stream),
  }))
  const dir = tempDir('toolhost-wire-stream-')
  host = await createToolHost({
    dataDir: join(dir, 'data'),
    workspaceDir: dir,
    processDirs: [],
    watchProcessTools: false,
  })
  const executed: { name: string; args: unknown }[] = []
  for (const [name, tool] of Object.entries(wireTools)) {
    host.extensions.register(
      {
        extensionId: 'harbor',
        name,
        description: tool.description,
        contexts: ['session'],
        inputSchema: tool.inputSchema,
      },
      async (args) => {
        executed.push({ name, args })
        return toolAnswer(name, args)
      },
    )
  }
  const model = resolveModel(stream.model, { baseUrl: `${server.origin}/v1`, apiKey: 'test' })
  const result = await runAgent({
    host,
    model,
    prompt: 'Plan the passage along the coast.',
    profile: { tools: { allow: ['extension/harbor:*'] }, permissions: { mode: 'bypass' } },
    sleep: async () => {},
  })
  const [invocation] = host.store().invocationsOf(result.runId)
  const transcript = host
    .store()
    .transcript(invocation!.id)
    .map(({ entry }) => entry)
  const results = transcript.flatMap((entry) => (entry.kind === 'results' ? entry.results : []))
  return { result, executed, results }
}

describe('hand-written wire streams through the agent loop', () => {
  it.each(wireStreams.map((stream) => [stream.file, stream] as const))('%s', async (_file, stream) => {
    const { result, executed, results } = await run(stream)
    expect(result).toMatchObject({ status: 'completed', text: answerText })

    // Valid calls ran with their arguments (in any order: a turn's calls may run side by side).
    const valid = stream.calls.flatMap((call) =>
      'arguments' in call ? [{ name: call.name, args: call.arguments }] : [],
    )
    expect(sortByJson(executed)).toEqual(sortByJson(valid))

    // One result per call, in call order: the tool's answer, or the gate's invalid-arguments error.
    expect(results).toHaveLength(stream.calls.length)
    stream.calls.forEach((call, i) => {
      const got = results[i] as AgentToolResult
      if (call.id !== undefined) expect(got.callId).toBe(call.id)
      expect(got.toolId).toBe(`extension/harbor:${call.name}`)
      if ('arguments' in call)
        expect(got).toMatchObject({ isError: false, content: toolAnswer(call.name, call.arguments) })
      else
        expect(got).toMatchObject({
          isError: true,
          errorCode: 'tool.invalid_arguments',
          content: expect.stringContaining(call.name),
        })
    })

    // The next request replays the turn: every call, paired with its result by id.
    expect(server!.requests).toHaveLength(2)
    const replayed = replayedTurn(apiOf(stream), server!.requests[1]!.body)
    expect(replayed.calls.map((call) => call.name)).toEqual(stream.calls.map((call) => call.name))
    stream.calls.forEach((call, i) => {
      const sent = replayed.calls[i]!
      expect(sent.id).toBe(results[i]!.callId)
      if ('arguments' in call) expect(sent.input).toEqual(call.arguments)
      if (call.thoughtSignature !== undefined) expect(sent.thoughtSignature).toBe(call.thoughtSignature)
      const output = replayed.results.find((r) => r.id === sent.id)
      expect(output?.text, `result of ${sent.id}`).toBe(results[i]!.content)
    })
    // The Responses API gets the items themselves, not references to items stored server-side.
    if (apiOf(stream) === 'openai-responses')
      expect(JSON.stringify(server!.requests[1]!.body)).not.toContain('item_reference')
  })
})

function sortByJson<T>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}
