/**
 * The cost of toolhost's LangChain adapter: the tool calls of one model message, N no-op calls,
 * invoked together as a LangChain loop (or LangGraph's ToolNode) does, through `langChainTools`
 * (the whole toolhost path: gate, permissions, scheduler, store in memory, audit) against the same
 * tool defined natively with `tool()` of `@langchain/core/tools`, per call.
 */
import { join } from 'node:path'
import type { ToolCall } from '@langchain/core/messages'
import { tool } from '@langchain/core/tools'
import { z } from 'zod'
import { langChainTools } from '../src/adapters/langchain/index.js'
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

/** Something invoked with a tool call, as LangChain's tools are. */
interface Invokable {
  invoke(call: ToolCall): Promise<unknown>
}

let step = 0
/** Invokes `n` calls of the tool at once (fresh call ids each time), as a loop does with one message's calls. */
function messageCalls(target: Invokable, n: number): () => Promise<unknown> {
  return () => {
    step += 1
    return Promise.all(
      Array.from({ length: n }, (_, i) =>
        target.invoke({ type: 'tool_call', id: `m${step}_${i}`, name: 'bench_noop', args: {} }),
      ),
    )
  }
}

/** Runs the LangChain adapter measures under `scratch`. */
export async function langChainAdapterBench(report: BenchReport, scratch: string): Promise<void> {
  const host = await createToolHost({
    dataDir: join(scratch, 'langchain-adapter'),
    tools: [noopTool],
    inMemoryStore: true,
  })
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-chat',
    profile: { tools: { maxCallsPerRun: 100_000 } },
  })
  const [adapted] = langChainTools(invocation, { host })
  if (adapted === undefined) throw new Error('The bench invocation offers no tool.')
  const native = tool(async () => 'ok', { name: 'bench_noop', description: 'Does nothing.', schema: z.object({}) })
  for (const n of [1, 10, 100]) {
    const ours = messageCalls(adapted, n)
    const theirs = messageCalls(native, n)
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
      `LangChain message of ${n} no-op call${n === 1 ? '' : 's'} through langChainTools, per call (store in memory)`,
      (mid(oursTimes) * 1000) / n,
      'the same tool native in @langchain/core',
      (mid(theirTimes) * 1000) / n,
      'µs',
    )
  }
  await host.close()
}
