/**
 * The cost of toolhost's OpenAI Agents SDK adapter: `run` of an agent whose scripted model asks for
 * N no-op calls in one step and then answers, with the tool from `openAiAgentsTools` (the whole
 * toolhost path: gate, permissions, scheduler, store in memory, audit) against the same tool
 * defined natively with the SDK's `tool()`, per call.
 */
import { join } from 'node:path'
import {
  Agent,
  run,
  setTracingDisabled,
  tool,
  Usage,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  type Tool,
} from '@openai/agents-core'
import { z } from 'zod'
import { openAiAgentsTools } from '../src/adapters/openai-agents/index.js'
import { createToolHost } from '../src/host/create-tool-host.js'
import { defineTool } from '../src/tool/define-tool.js'
import { type BenchReport, time } from './bench-report.js'

const noopTool = defineTool({
  name: 'bench.noop',
  description: 'Does nothing.',
  inputSchema: z.object({}),
  annotations: { readOnly: true },
  call: async () => ({ content: 'ok' }),
})

let step = 0
/** A model that asks for `n` calls of `bench_noop` (fresh call ids each time), then answers once it has their results. */
function noopModel(n: number): Model {
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const answered =
        Array.isArray(request.input) && request.input.some((item) => item.type === 'function_call_result')
      if (answered)
        return {
          usage: new Usage(),
          output: [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'done' }],
            },
          ],
        }
      step += 1
      return {
        usage: new Usage(),
        output: Array.from({ length: n }, (_, i) => ({
          type: 'function_call' as const,
          callId: `s${step}_${i}`,
          name: 'bench_noop',
          arguments: '{}',
          status: 'completed' as const,
        })),
      }
    },
    getStreamedResponse(): AsyncIterable<StreamEvent> {
      throw new Error('The bench model does not stream.')
    },
  }
}

function agentRun(tools: Tool[], n: number): () => Promise<unknown> {
  const agent = new Agent({ name: 'bench', model: noopModel(n), tools })
  return () => run(agent, 'go')
}

/** Runs the OpenAI Agents SDK adapter measures under `scratch`. */
export async function openAiAgentsAdapterBench(report: BenchReport, scratch: string): Promise<void> {
  setTracingDisabled(true)
  const host = await createToolHost({
    dataDir: join(scratch, 'openai-agents-adapter'),
    tools: [noopTool],
    inMemoryStore: true,
  })
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-responses',
    profile: { tools: { maxCallsPerRun: 100_000 } },
  })
  const adapted = openAiAgentsTools(invocation, { host })
  const native = [
    tool({
      name: 'bench_noop',
      description: 'Does nothing.',
      parameters: z.object({}),
      execute: async () => 'ok',
    }),
  ]
  for (const n of [1, 10, 100]) {
    const ours = agentRun(adapted, n)
    const theirs = agentRun(native, n)
    for (let i = 0; i < Math.max(3, Math.ceil(200 / n)); i++) {
      await ours()
      await theirs()
    }
    // Interleaved so that a busy moment of the machine weighs on both sides alike.
    const oursTimes: number[] = []
    const theirTimes: number[] = []
    for (let i = 0; i < 11; i++) {
      oursTimes.push(await time(ours))
      theirTimes.push(await time(theirs))
    }
    const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
    report(
      `Agents SDK run of a ${n}-call step through openAiAgentsTools, per call (store in memory)`,
      (mid(oursTimes) * 1000) / n,
      'the same tool native in @openai/agents-core',
      (mid(theirTimes) * 1000) / n,
      'µs',
    )
  }
  await host.close()
}
