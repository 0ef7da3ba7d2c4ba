/**
 * The daemon end to end with a stub model (a local server that answers every turn with text at
 * once): messages handed to a channel, answered through the bus (LLM consumer, outbox, send
 * consumer) and delivered back to the channel. Rows: the time from an inbound message to its
 * delivered reply, one message at a time (p50, p99 of 100), and the time per message when 200 come
 * at once over 20 conversations — each beside the same prompts run with `runAgent` directly (one
 * at a time; 20 conversations at once, each in order), which is what the daemon adds around the
 * agent loop. Once on the SQLite queue, once on Redis when `redis-server` is installed.
 */
import { join } from 'node:path'
import { runAgent } from '../src/agent/loop/run-agent.js'
import { resolveModel } from '../src/agent/providers/index.js'
import type { Channel, ChannelHost, OutboundMessage } from '../src/channels/channel.js'
import { Daemon } from '../src/daemon/daemon.js'
import type { DaemonLog } from '../src/daemon/daemon-context.js'
import { createToolHost } from '../src/host/create-tool-host.js'
import { redisServerProgram, startRedisServer } from '../test/redis-server.js'
import { ScriptedModelServer } from '../test/model-server/scripted-model-server.js'
import type { BenchReport } from './bench-report.js'

const conversations = 20
const perConversation = 10
const total = conversations * perConversation

const quiet: DaemonLog = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet }

/** A channel that hands each reply to whoever waits for it, by the correlation id of its message. */
function benchChannel(
  expected: number,
): Channel & { host(): ChannelHost; reply(correlationId: string): Promise<void> } {
  let host: ChannelHost | undefined
  const waiting = new Map<string, () => void>()
  const arrived = new Set<string>()
  const record = async (message: OutboundMessage) => {
    arrived.add(message.correlationId)
    waiting.get(message.correlationId)?.()
  }
  return {
    name: 'bench',
    async start(given) {
      host = given
    },
    send: record,
    sendApprovalRequest: async () => {
      throw new Error('the bench asks for no approval')
    },
    async stop() {},
    host: () => host as ChannelHost,
    reply: (id) =>
      arrived.has(id) || arrived.size > expected
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.set(id, resolve)),
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

interface Timing {
  /** Inbound to reply, one message at a time. */
  readonly latencies: number[]
  /** All messages handed over at once, until the last reply. */
  readonly totalMs: number
}

const latencyRounds = 100

async function throughDaemon(scratch: string, queue: string, baseUrl: string): Promise<Timing> {
  const host = await createToolHost({ dataDir: join(scratch, `daemon-${queue.slice(0, 5)}`), watchProcessTools: false })
  const channel = benchChannel(latencyRounds + total)
  const daemon = await Daemon.start({
    host,
    model: resolveModel('openai-chat:gpt-4o-bench', { baseUrl, apiKey: 'bench' }),
    queue,
    channels: [channel],
    log: quiet,
    concurrency: { llm: conversations, tool: 8, send: 8 },
  })
  const correlationOf = (messageId: string) => daemon.context.conversations.message(messageId)?.correlationId ?? ''
  try {
    const latencies: number[] = []
    for (let i = 0; i < latencyRounds; i++) {
      const at = performance.now()
      const { messageId } = await channel.host().receive({ chatId: 'one', text: `message ${i}` })
      await channel.reply(correlationOf(messageId))
      latencies.push(performance.now() - at)
    }
    const start = performance.now()
    const sent: string[] = []
    for (let i = 0; i < perConversation; i++)
      for (let c = 0; c < conversations; c++)
        sent.push(correlationOf((await channel.host().receive({ chatId: `c${c}`, text: `message ${i}` })).messageId))
    await Promise.all(sent.map((id) => channel.reply(id)))
    return { latencies, totalMs: performance.now() - start }
  } finally {
    await daemon.stop()
    await host.close()
  }
}

async function throughRunAgent(scratch: string, baseUrl: string): Promise<Timing> {
  const host = await createToolHost({ dataDir: join(scratch, 'runagent'), watchProcessTools: false })
  const model = resolveModel('openai-chat:gpt-4o-bench', { baseUrl, apiKey: 'bench' })
  try {
    const latencies: number[] = []
    for (let i = 0; i < latencyRounds; i++) {
      const at = performance.now()
      await runAgent({ host, model, prompt: `message ${i}` })
      latencies.push(performance.now() - at)
    }
    const start = performance.now()
    await Promise.all(
      Array.from({ length: conversations }, async () => {
        for (let i = 0; i < perConversation; i++) await runAgent({ host, model, prompt: `message ${i}` })
      }),
    )
    return { latencies, totalMs: performance.now() - start }
  } finally {
    await host.close()
  }
}

/** Latency and time per message through the daemon on each queue backend, beside runAgent alone. */
export async function daemonBench(report: BenchReport, scratch: string): Promise<void> {
  const model = await ScriptedModelServer.start('openai-chat', [], { respond: () => ({ text: 'ok' }) })
  try {
    const reference = await throughRunAgent(scratch, model.baseUrl)
    const backends: [string, () => Promise<{ url: string; stop(): Promise<void> } | undefined>][] = [
      ['sqlite', async () => undefined],
    ]
    if (redisServerProgram !== undefined) backends.push(['redis', () => startRedisServer()])
    else console.log('daemon bench: the redis rows are skipped: redis-server is not installed')
    for (const [name, start] of backends) {
      const server = await start()
      try {
        const timing = await throughDaemon(scratch, server?.url ?? 'sqlite', model.baseUrl)
        const label = `${total} at once over ${conversations} conversations`
        report(
          `${name} queue: inbound → reply p50, one at a time`,
          percentile(timing.latencies, 50),
          'runAgent alone p50',
          percentile(reference.latencies, 50),
        )
        report(
          `${name} queue: inbound → reply p99, one at a time`,
          percentile(timing.latencies, 99),
          'runAgent alone p99',
          percentile(reference.latencies, 99),
        )
        report(
          `${name} queue: per message, ${label}`,
          timing.totalMs / total,
          'runAgent alone',
          reference.totalMs / total,
        )
      } finally {
        await server?.stop()
      }
    }
  } finally {
    await model.close()
  }
}
