/**
 * The cost of toolhost's LangChain adapter: the tool calls of one model message, N no-op calls,
 * invoked together as a LangChain loop (or LangGraph's ToolNode) does, through `langChainTools`
 * (the whole toolhost path: gate, permissions, scheduler, store in memory, audit) against the same
 * tool defined natively with `tool()` of `@langchain/core/tools`, per call.
 */
import type { ToolCall } from '@langchain/core/messages'
import { tool } from '@langchain/core/tools'
import { z } from 'zod'
import { langChainTools } from '../src/adapters/langchain/index.js'
import { noopInvocation, reportPerCall } from './adapter-bench.js'
import type { BenchReport } from './bench-report.js'

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
  const { host, invocation } = await noopInvocation(scratch, 'langchain-adapter', 'openai-chat')
  const [adapted] = langChainTools(invocation, { host })
  if (adapted === undefined) throw new Error('The bench invocation offers no tool.')
  const native = tool(async () => 'ok', { name: 'bench_noop', description: 'Does nothing.', schema: z.object({}) })
  await reportPerCall<Invokable>(
    report,
    {
      name: (n) =>
        `LangChain message of ${n} no-op call${n === 1 ? '' : 's'} through langChainTools, per call (store in memory)`,
      reference: 'the same tool native in @langchain/core',
    },
    { ours: adapted, theirs: native },
    messageCalls,
  )
  await host.close()
}
