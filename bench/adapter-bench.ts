/**
 * What the adapter benchmarks share: a host offering one no-op tool, and the per-call comparison of
 * a framework step through toolhost's adapter against the same step with the tool native in the
 * framework.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { createToolHost, type ToolHost } from '../src/host/create-tool-host.js'
import type { Invocation } from '../src/host/invocation.js'
import type { ProtocolName } from '../src/core/protocol-name.js'
import { defineTool } from '../src/tool/define-tool.js'
import { type BenchReport, time } from './bench-report.js'

/** `bench.noop`: answers `ok` at once, so a measure is the path around the call. */
export const noopTool = defineTool({
  name: 'bench.noop',
  description: 'Does nothing.',
  inputSchema: z.object({}),
  annotations: { readOnly: true },
  call: async () => ({ content: 'ok' }),
})

/** A host under `scratch/<name>` offering `bench_noop`, with an invocation whose budgets never end a bench. */
export async function noopInvocation(
  scratch: string,
  name: string,
  protocol: ProtocolName,
): Promise<{ readonly host: ToolHost; readonly invocation: Invocation }> {
  const host = await createToolHost({ dataDir: join(scratch, name), tools: [noopTool], inMemoryStore: true })
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol,
    profile: { tools: { maxCallsPerRun: 100_000 } },
  })
  return { host, invocation }
}

/**
 * Reports, for steps of 1, 10 and 100 calls, the time per call of `step(ours, n)` beside
 * `step(theirs, n)`: warmed up, then 11 interleaved runs each so that a busy moment of the machine
 * weighs on both sides alike, medians in µs.
 */
export async function reportPerCall<T>(
  report: BenchReport,
  what: { readonly name: (n: number) => string; readonly reference: string },
  sides: { readonly ours: T; readonly theirs: T },
  step: (tools: T, n: number) => () => Promise<unknown>,
): Promise<void> {
  for (const n of [1, 10, 100]) {
    const ours = step(sides.ours, n)
    const theirs = step(sides.theirs, n)
    for (let i = 0; i < Math.max(3, Math.ceil(200 / n)); i++) {
      await ours()
      await theirs()
    }
    const oursTimes: number[] = []
    const theirTimes: number[] = []
    for (let i = 0; i < 11; i++) {
      oursTimes.push(await time(ours))
      theirTimes.push(await time(theirs))
    }
    const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
    report(what.name(n), (mid(oursTimes) * 1000) / n, what.reference, (mid(theirTimes) * 1000) / n, 'µs')
  }
}
