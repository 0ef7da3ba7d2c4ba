/**
 * The cost of toolhost's AI SDK adapter: ai@7 `generateText` running a step of N no-op calls from
 * its mock model through `aiSdkTools` (the whole toolhost path: gate, permissions, scheduler, store
 * in memory, audit) against the same step with the same tool defined natively in the AI SDK, per call.
 */
import { join } from 'node:path'
import { generateText, tool, type ToolSet } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { z } from 'zod'
import { aiSdkTools } from '../src/adapters/ai-sdk/index.js'
import { createToolHost } from '../src/host/create-tool-host.js'
import { defineTool } from '../src/tool/define-tool.js'
import { type BenchReport, time } from './bench-report.js'

const noop = async () => ({ content: 'ok' })
const noopTool = defineTool({
  name: 'bench.noop',
  description: 'Does nothing.',
  inputSchema: z.object({}),
  annotations: { readOnly: true },
  call: noop,
})

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
  const host = await createToolHost({
    dataDir: join(scratch, 'ai-sdk-adapter'),
    tools: [noopTool],
    inMemoryStore: true,
  })
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-responses',
    profile: { tools: { maxCallsPerRun: 100_000 } },
  })
  const adapted = aiSdkTools(invocation, { host })
  const native: ToolSet = {
    bench_noop: tool({ description: 'Does nothing.', inputSchema: z.object({}), execute: noop }),
  }
  for (const n of [1, 10, 100]) {
    const ours = aiSdkStep(adapted, n)
    const theirs = aiSdkStep(native, n)
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
      `ai@7 step of ${n} no-op call${n === 1 ? '' : 's'} through aiSdkTools, per call (store in memory)`,
      (mid(oursTimes) * 1000) / n,
      'the same tool native in ai@7',
      (mid(theirTimes) * 1000) / n,
      'µs',
    )
  }
  await host.close()
}
