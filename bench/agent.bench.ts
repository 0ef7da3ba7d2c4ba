/**
 * Benchmark of the agent loop: a run of 40 rounds (one no-op tool call each, then an answer)
 * against a local model server speaking the Chat Completions stream, through the real provider
 * package, store on disk; beside the same number of bare model turns (the provider's stream read
 * by `streamTurn`, no history, no tools executed) against the same server. The difference is what
 * the loop adds per round: replaying the history, gating and executing the call, storing the
 * transcript, the audit events and the checkpoint. Wired into `npm run bench` by bench/bench.ts.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { runAgent } from '../src/agent/loop/run-agent.js'
import { resolveModel, streamTurn } from '../src/agent/providers/index.js'
import { createToolHost } from '../src/host/create-tool-host.js'
import { defineTool } from '../src/tool/define-tool.js'
import { ScriptedModelServer, type ScriptedReply } from '../test/model-server/scripted-model-server.js'

/** Reports one measure: toolhost's time beside the reference's. */
export type AgentBenchReport = (
  name: string,
  toolhost: number,
  referenceName: string,
  reference: number,
  unit: 'µs',
) => void

const rounds = 40
const noopTool = defineTool({
  name: 'bench.noop',
  description: 'Does nothing.',
  inputSchema: z.object({ n: z.number() }),
  annotations: { readOnly: true },
  call: async () => ({ content: 'ok' }),
})

function script(): ScriptedReply[] {
  const replies: ScriptedReply[] = Array.from({ length: rounds }, (_, i) => ({
    text: `Step ${i}.`,
    calls: [{ id: `call_${i}`, name: 'bench_noop', args: `{"n":${i}}` }],
  }))
  replies.push({ text: 'Done.' })
  return replies
}

/** Milliseconds per model turn: the loop's rounds against bare streamed turns. */
export async function agentBench(report: AgentBenchReport, scratch: string): Promise<void> {
  const loopServer = await ScriptedModelServer.start('openai-chat', [...script(), ...script()])
  const bareServer = await ScriptedModelServer.start('openai-chat', [...script(), ...script()])
  try {
    const host = await createToolHost({
      dataDir: join(scratch, 'agent'),
      workspaceDir: scratch,
      tools: [noopTool],
      processDirs: [],
      watchProcessTools: false,
    })
    const model = resolveModel('openai-chat:gpt-4o', { baseUrl: loopServer.baseUrl, apiKey: 'bench' })
    const run = () =>
      runAgent({ host, model, prompt: 'Call the no-op tool 40 times.', profile: { tools: { maxCallsPerRun: 1000 } } })
    await run() // warm up: module loading, prepared statements
    const loopStart = performance.now()
    const result = await run()
    const loopMs = performance.now() - loopStart
    if (result.status !== 'completed') throw new Error(`the benchmark run ended ${result.status}: ${result.reason}`)
    await host.close()

    const bare = resolveModel('openai-chat:gpt-4o', { baseUrl: bareServer.baseUrl, apiKey: 'bench' })
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Call the no-op tool.' }] }]
    const turns = async () => {
      for (let i = 0; i <= rounds; i++) await streamTurn(bare.model, { prompt, tools: [] })
    }
    await turns()
    const bareStart = performance.now()
    await turns()
    const bareMs = performance.now() - bareStart
    const perTurn = (ms: number) => (ms * 1000) / (rounds + 1)
    report(
      `agent loop, per round (${rounds} rounds, 1 call each, store on disk)`,
      perTurn(loopMs),
      'bare streamed model turn, same server',
      perTurn(bareMs),
      'µs',
    )
  } finally {
    await loopServer.close()
    await bareServer.close()
  }
}
