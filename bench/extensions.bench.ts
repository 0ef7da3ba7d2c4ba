/**
 * Benchmark of extension tools at scale: registering 5,000 (`host.extensions.register`) against
 * the AI SDK's 5,000 `tool({ description, inputSchema: jsonSchema(…), execute })` in a ToolSet, in
 * time and in memory (heap used after GC and RSS, each measured in a fresh child process started
 * with --expose-gc, see extensions-memory.ts, which also times the first 5,000 of a process, ajv
 * loaded on the way); and one call on a host with 5,000 extension tools against the same call on a
 * host with one. Wired into `npm run bench` by bench/bench.ts.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { jsonSchema, tool, type ToolSet } from 'ai'
import { createToolHost } from '../src/host/create-tool-host.js'
import type { ToolHost } from '../src/host/tool-host.js'
import type { Invocation } from '../src/host/invocation.js'
import { median, time, type BenchReport } from './bench-report.js'
import { benchToolCount, benchToolSchema, registerBenchTools, type MemoryFigures } from './extensions-memory.js'

const run = promisify(execFile)

/** Registers, times and measures extension tools; `scratch` holds the hosts' data directories. */
export async function extensionBench(report: BenchReport, scratch: string): Promise<void> {
  await registering(report, scratch)
  await memory(report)
  await calling(report, scratch)
}

async function newHost(scratch: string, name: string): Promise<ToolHost> {
  return createToolHost({
    dataDir: join(scratch, name),
    workspaceDir: scratch,
    inMemoryStore: true,
    processDirs: [],
    watchProcessTools: false,
  })
}

async function registering(report: BenchReport, scratch: string): Promise<void> {
  let round = 0
  // Each run registers on a new host; only the registering is timed.
  const registerOnce = async () => {
    const host = await newHost(scratch, `register-${round++}`)
    const ms = await time(async () => registerBenchTools(host, benchToolCount))
    await host.close()
    return ms
  }
  const toolSet = async () => {
    const tools: ToolSet = {}
    for (let i = 0; i < benchToolCount; i++) {
      tools[`tool_${i}`] = tool({
        description: `Tool ${i}.`,
        inputSchema: jsonSchema<Record<string, unknown>>(benchToolSchema(i)),
        execute: async () => 'ok',
      })
    }
    return tools
  }
  // Warm-up: in a fresh process this run also loads ajv, which the fresh-process row reports.
  await registerOnce()
  const times: number[] = []
  for (let i = 0; i < 5; i++) times.push(await registerOnce())
  await toolSet()
  report('register 5,000 extension tools', middle(times), 'ai@7: 5,000 tool() in a ToolSet', await median(toolSet))
}

/** The median of figures already taken. */
function middle(figures: readonly number[]): number {
  return [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? 0
}

async function memory(report: BenchReport): Promise<void> {
  const child = fileURLToPath(new URL('./extensions-memory.ts', import.meta.url))
  const registerTs = fileURLToPath(new URL('../scripts/register-ts.ts', import.meta.url))
  const measure = async (subject: 'toolhost' | 'ai'): Promise<MemoryFigures> => {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', registerTs, child, subject])
    return JSON.parse(stdout) as MemoryFigures
  }
  const ours: MemoryFigures[] = []
  const theirs: MemoryFigures[] = []
  for (let i = 0; i < 5; i++) {
    ours.push(await measure('toolhost'))
    theirs.push(await measure('ai'))
  }
  const mid = (figures: MemoryFigures[], key: keyof MemoryFigures) => middle(figures.map((f) => f[key]))
  report(
    'memory of 5,000 extension tools (heap used after GC)',
    mid(ours, 'heapMB'),
    'ai@7',
    mid(theirs, 'heapMB'),
    'MB',
  )
  report('memory of 5,000 extension tools (RSS)', mid(ours, 'rssMB'), 'ai@7', mid(theirs, 'rssMB'), 'MB')
  report(
    'register 5,000 extension tools, fresh process (loads ajv)',
    mid(ours, 'ms'),
    'ai@7, fresh process',
    mid(theirs, 'ms'),
  )
}

async function calling(report: BenchReport, scratch: string): Promise<void> {
  const prepare = async (count: number) => {
    const host = await newHost(scratch, `call-${count}`)
    registerBenchTools(host, count)
    const invocation = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { maxCallsPerRun: 100_000, allow: ['builtin:*', 'extension/*'] } },
    })
    const alias = invocation.snapshot.bindings.find((b) => b.toolId === 'extension/bench:tool_0')?.alias
    if (alias === undefined)
      throw new Error(`tool_0 is not offered: ${JSON.stringify(invocation.snapshot.diagnostics)}`)
    return { host, invocation, alias }
  }
  const one = await prepare(1)
  const many = await prepare(benchToolCount)
  const calls = 50
  let next = 0
  const batch = async ({ invocation, alias }: { invocation: Invocation; alias: string }) => {
    for (let i = 0; i < calls; i++) {
      await invocation.executeTurn({ calls: [{ callId: `c${next++}`, name: alias, arguments: { q: 'x' } }] })
    }
  }
  for (let i = 0; i < 4; i++) {
    await batch(one)
    await batch(many)
  }
  // Short batches, alternating, so that both hosts see the same machine.
  const rounds = 15
  const oneTimes: number[] = []
  const manyTimes: number[] = []
  for (let i = 0; i < rounds; i++) {
    oneTimes.push(await time(() => batch(one)))
    manyTimes.push(await time(() => batch(many)))
  }
  const perCall = (times: number[]) => (middle(times) * 1000) / calls
  report(
    'call with 5,000 extension tools (executeTurn, 1 call)',
    perCall(manyTimes),
    'same call with 1 extension tool',
    perCall(oneTimes),
    'µs',
  )
  await one.host.close()
  await many.host.close()
}
