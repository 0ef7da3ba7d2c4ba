/**
 * The cost of a turn of tool calls: toolhost's `executeTurn` of N no-op calls against ai@7
 * `generateText` executing the same N calls from its mock model, per call; and on disk, a 100-call
 * turn against the bare synced commits the store's durability would cost without batching.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { generateText, tool } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { z } from 'zod'
import { createToolHost } from '../src/host/create-tool-host.js'
import type { Invocation } from '../src/host/invocation.js'
import { defineTool } from '../src/tool/define-tool.js'
import { type BenchReport, median, time } from './bench-report.js'

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

/** ai@7 `generateText` with a mock model that asks for `n` no-op calls in one step. */
function aiSdkTurn(n: number): () => Promise<unknown> {
  const content = Array.from({ length: n }, (_, i) => ({
    type: 'tool-call' as const,
    toolCallId: `c${i}`,
    toolName: 'bench_noop',
    input: '{}',
  }))
  const model = new MockLanguageModelV4({
    doGenerate: async () => ({
      content,
      finishReason: { unified: 'tool-calls' as const, raw: undefined },
      usage,
      warnings: [],
    }),
  })
  const tools = { bench_noop: tool({ description: 'Does nothing.', inputSchema: z.object({}), execute: noop }) }
  return () => generateText({ model, tools, prompt: 'go' })
}

let turnNumber = 0
function toolhostTurn(inv: Invocation, n: number): () => Promise<unknown> {
  return () => {
    const turn = ++turnNumber
    return inv.executeTurn({
      calls: Array.from({ length: n }, (_, i) => ({ callId: `t${turn}_${i}`, name: 'bench_noop', arguments: '{}' })),
    })
  }
}

async function openInvocation(dataDir: string, inMemoryStore: boolean) {
  const host = await createToolHost({ dataDir, tools: [noopTool], inMemoryStore })
  const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
  return { host, inv }
}

/** Runs the turn measures under `scratch`. */
export async function turnBench(report: BenchReport, scratch: string): Promise<void> {
  const { host, inv } = await openInvocation(join(scratch, 'turn-memory'), true)
  const perCall: Record<number, number> = {}
  for (const n of [1, 10, 100, 1000]) {
    const ours = toolhostTurn(inv, n)
    const theirs = aiSdkTurn(n)
    const warmups = Math.max(3, Math.ceil(200 / n))
    for (let i = 0; i < warmups; i++) {
      await ours()
      await theirs()
    }
    const runs = n >= 1000 ? 7 : 11
    // Interleaved so that a busy moment of the machine weighs on both sides alike.
    const oursTimes: number[] = []
    const theirTimes: number[] = []
    for (let i = 0; i < runs; i++) {
      oursTimes.push(await time(ours))
      theirTimes.push(await time(theirs))
    }
    const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
    perCall[n] = (mid(oursTimes) * 1000) / n
    report(
      `turn of ${n} no-op call${n === 1 ? '' : 's'}, per call (store in memory)`,
      perCall[n],
      'ai@7 generateText, mock model',
      (mid(theirTimes) * 1000) / n,
      'µs',
    )
  }
  report('per-call time at 1,000 calls in a turn', perCall[1000] ?? 0, 'at 10 calls', perCall[10] ?? 0, 'µs')
  await host.close()
  await onDisk(report, scratch)
}

async function onDisk(report: BenchReport, scratch: string): Promise<void> {
  const { host, inv } = await openInvocation(join(scratch, 'turn-disk'), false)
  const ours = toolhostTurn(inv, 100)
  for (let i = 0; i < 3; i++) await ours()
  const dir = join(scratch, 'bare-commits')
  mkdirSync(dir, { recursive: true })
  const db = new DatabaseSync(join(dir, 'bare.db'))
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL')
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
  const insert = db.prepare('INSERT INTO rows (body) VALUES (?)')
  const commits = async () => {
    for (let i = 0; i < 101; i++) insert.run('{"call":"bench_noop"}')
  }
  report(
    'turn of 100 no-op calls (store on disk, synchronous=FULL)',
    await median(ours, 7),
    '101 bare one-row synced commits',
    await median(commits, 7),
  )
  db.close()
  await host.close()
}
