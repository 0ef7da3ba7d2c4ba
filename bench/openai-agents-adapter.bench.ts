/**
 * The cost of toolhost's OpenAI Agents SDK adapter: `run` of an agent whose scripted model asks for
 * N no-op calls in one step and then answers, with the tool from `openAiAgentsTools` (the whole
 * toolhost path: gate, permissions, scheduler, store in memory, audit) against the same tool
 * defined natively with the SDK's `tool()`, per call.
 */
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
import { noopInvocation, reportPerCall } from './adapter-bench.js'
import type { BenchReport } from './bench-report.js'

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
  const { host, invocation } = await noopInvocation(scratch, 'openai-agents-adapter', 'openai-responses')
  const native = [
    tool({
      name: 'bench_noop',
      description: 'Does nothing.',
      parameters: z.object({}),
      execute: async () => 'ok',
    }),
  ]
  await reportPerCall<Tool[]>(
    report,
    {
      name: (n) => `Agents SDK run of a ${n}-call step through openAiAgentsTools, per call (store in memory)`,
      reference: 'the same tool native in @openai/agents-core',
    },
    { ours: openAiAgentsTools(invocation, { host }), theirs: native },
    agentRun,
  )
  await host.close()
}
