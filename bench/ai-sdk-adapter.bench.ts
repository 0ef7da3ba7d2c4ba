/**
 * The cost of toolhost's AI SDK adapter: ai@7 `generateText` running a step of N no-op calls from
 * its mock model through `aiSdkTools` (the whole toolhost path: gate, permissions, scheduler, store
 * in memory, audit) against the same step with the same tool defined natively in the AI SDK, per call.
 */
import { generateText, tool, type ToolSet } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { z } from 'zod'
import { aiSdkTools } from '../src/adapters/ai-sdk/index.js'
import { noopInvocation, reportPerCall } from './adapter-bench.js'
import type { BenchReport } from './bench-report.js'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

let step = 0
/** One `generateText` step whose mock model asks for `n` calls of `bench_noop` (fresh call ids each time). */
function aiSdkStep(tools: ToolSet, n: number): () => Promise<unknown> {
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      step += 1
      return {
        content: Array.from({ length: n }, (_, i) => ({
          type: 'tool-call' as const,
          toolCallId: `s${step}_${i}`,
          toolName: 'bench_noop',
          input: '{}',
        })),
        finishReason: { unified: 'tool-calls' as const, raw: undefined },
        usage,
        warnings: [],
      }
    },
  })
  return () => generateText({ model, tools, prompt: 'go' })
}

/** Runs the AI SDK adapter measures under `scratch`. */
export async function aiSdkAdapterBench(report: BenchReport, scratch: string): Promise<void> {
  const { host, invocation } = await noopInvocation(scratch, 'ai-sdk-adapter', 'openai-responses')
  const native: ToolSet = {
    bench_noop: tool({
      description: 'Does nothing.',
      inputSchema: z.object({}),
      execute: async () => ({ content: 'ok' }),
    }),
  }
  await reportPerCall(
    report,
    {
      name: (n) => `ai@7 step of ${n} no-op call${n === 1 ? '' : 's'} through aiSdkTools, per call (store in memory)`,
      reference: 'the same tool native in ai@7',
    },
    { ours: aiSdkTools(invocation, { host }), theirs: native },
    aiSdkStep,
  )
  await host.close()
}
