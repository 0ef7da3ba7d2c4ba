/**
 * Benchmark of the agent loop: a run of 40 rounds (one no-op tool call each, then an answer)
 * against a local model server speaking the Chat Completions stream, through the real provider
 * package, store on disk. Beside it, in the same run and against the same kind of server: ai@7's
 * own loop (`streamText` with the same tool and `stopWhen: stepCountIs(41)`, nothing stored), and
 * the same number of bare model turns (the provider's stream read by `streamTurn`, no history, no
 * tools). The last difference is what the loop adds per round: replaying the history, gating and
 * executing the call, storing the transcript, the audit events and the checkpoint.
 */
import { join } from 'node:path'
import { createOpenAI } from '@ai-sdk/openai'
import { stepCountIs, streamText, tool } from 'ai'
import { z } from 'zod'
import { runAgent } from '../src/agent/loop/run-agent.js'
import { resolveModel, streamTurn } from '../src/agent/providers/index.js'
import { createToolHost } from '../src/host/create-tool-host.js'
import { defineTool } from '../src/tool/define-tool.js'
import { ScriptedModelServer, type ScriptedReply } from '../test/model-server/scripted-model-server.js'
import { type BenchReport, median } from './bench-report.js'

const rounds = 40
const repetitions = 5
const noop = async () => ({ content: 'ok' })
const noopTool = defineTool({
  name: 'bench.noop',
  description: 'Does nothing.',
  inputSchema: z.object({ n: z.number() }),
  annotations: { readOnly: true },
  call: noop,
})
const prompt = 'Call the no-op tool 40 times.'

/** The replies of one run; `runs` runs' worth, plus one for the warm-up. */
function script(runs: number): ScriptedReply[] {
  const one: ScriptedReply[] = Array.from({ length: rounds }, (_, i) => ({
    text: `Step ${i}.`,
    calls: [{ id: `call_${i}`, name: 'bench_noop', args: `{"n":${i}}` }],
  }))
  one.push({ text: 'Done.' })
  return Array.from({ length: runs + 1 }, () => one).flat()
}

/** Microseconds per model turn: the loop's rounds against ai@7's loop and against bare streamed turns. */
export async function agentBench(report: BenchReport, scratch: string): Promise<void> {
  const servers = await Promise.all([0, 1, 2].map(() => ScriptedModelServer.start('openai-chat', script(repetitions))))
  const [loopServer, aiServer, bareServer] = servers as [ScriptedModelServer, ScriptedModelServer, ScriptedModelServer]
  const perRound = (ms: number) => (ms * 1000) / (rounds + 1)
  try {
    const host = await createToolHost({
      dataDir: join(scratch, 'agent'),
      workspaceDir: scratch,
      tools: [noopTool],
      processDirs: [],
      watchProcessTools: false,
    })
    const model = resolveModel('openai-chat:gpt-4o', { baseUrl: loopServer.baseUrl, apiKey: 'bench' })
    const ours = async () => {
      const result = await runAgent({ host, model, prompt })
      if (result.status !== 'completed') throw new Error(`the benchmark run ended ${result.status}: ${result.reason}`)
    }

    const openai = createOpenAI({ baseURL: `${aiServer.baseUrl}`, apiKey: 'bench' })
    const tools = {
      bench_noop: tool({ description: 'Does nothing.', inputSchema: z.object({ n: z.number() }), execute: noop }),
    }
    const theirs = async () => {
      const result = streamText({ model: openai.chat('gpt-4o'), tools, prompt, stopWhen: stepCountIs(rounds + 1) })
      await result.consumeStream()
      const steps = await result.steps
      if (steps.length !== rounds + 1) throw new Error(`ai@7 took ${steps.length} steps, expected ${rounds + 1}`)
    }

    const bare = resolveModel('openai-chat:gpt-4o', { baseUrl: bareServer.baseUrl, apiKey: 'bench' })
    const turnPrompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Call the no-op tool.' }] }]
    const turns = async () => {
      for (let i = 0; i <= rounds; i++) await streamTurn(bare.model, { prompt: turnPrompt, tools: [] })
    }

    // Warm-ups: module loading, prepared statements, connections.
    await ours()
    await theirs()
    await turns()
    const loopMs = await median(ours, repetitions)
    const aiMs = await median(theirs, repetitions)
    const bareMs = await median(turns, repetitions)
    await host.close()
    const name = `agent loop, per round (${rounds} rounds, 1 call each, store on disk)`
    report(name, perRound(loopMs), 'ai@7 streamText loop, same tool, same server', perRound(aiMs), 'µs')
    report(name, perRound(loopMs), 'bare streamed model turn, same server', perRound(bareMs), 'µs')
  } finally {
    await Promise.all(servers.map((server) => server.close()))
  }
}
