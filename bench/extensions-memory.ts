/**
 * The memory of 5,000 tools, measured in a fresh process started by bench/extensions.bench.ts with
 * `node --expose-gc --import ./scripts/register-ts.ts bench/extensions-memory.ts toolhost|ai`:
 * heap used after GC and RSS, before and after registering (toolhost: on a host already created;
 * ai@7: the package already imported), and the time registering took. Prints them as JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ToolHost } from '../src/host/tool-host.js'

/** How many tools each side registers. */
export const benchToolCount = 5_000

/** The input schema of bench tool `i`: one object per tool, as real tools each bring their own. */
export function benchToolSchema(i: number): { [key: string]: unknown } {
  return {
    type: 'object',
    properties: { q: { type: 'string', description: `Query of tool ${i}.` } },
    required: ['q'],
  }
}

/** Registers the bench tools 0 … count-1 on a host, as extension `bench`. */
export function registerBenchTools(
  host: { readonly extensions: Pick<ToolHost['extensions'], 'register'> },
  count: number,
): void {
  for (let i = 0; i < count; i++) {
    host.extensions.register(
      {
        extensionId: 'bench',
        name: `tool_${i}`,
        description: `Tool ${i}.`,
        contexts: ['session'],
        inputSchema: benchToolSchema(i),
        annotations: { readOnly: true },
      },
      () => 'ok',
    )
  }
}

/** What one child prints. */
export interface MemoryFigures {
  readonly heapMB: number
  readonly rssMB: number
  readonly ms: number
}

async function measure(subject: string): Promise<MemoryFigures> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with node --expose-gc')
  const settled = () => (gc(), gc(), process.memoryUsage())
  if (subject === 'toolhost') {
    const { createToolHost } = await import('../src/host/create-tool-host.js')
    const dataDir = mkdtempSync(join(tmpdir(), 'toolhost-ext-mem-'))
    const host = await createToolHost({ dataDir, inMemoryStore: true, processDirs: [], watchProcessTools: false })
    const before = settled()
    const start = performance.now()
    registerBenchTools(host, benchToolCount)
    const ms = performance.now() - start
    const after = settled()
    await host.close()
    rmSync(dataDir, { recursive: true, force: true })
    return { heapMB: (after.heapUsed - before.heapUsed) / 1e6, rssMB: (after.rss - before.rss) / 1e6, ms }
  }
  const { jsonSchema, tool } = await import('ai')
  const before = settled()
  const start = performance.now()
  const tools: Record<string, unknown> = {}
  for (let i = 0; i < benchToolCount; i++) {
    tools[`tool_${i}`] = tool({
      description: `Tool ${i}.`,
      inputSchema: jsonSchema<Record<string, unknown>>(benchToolSchema(i)),
      execute: async () => 'ok',
    })
  }
  const ms = performance.now() - start
  const after = settled()
  if (Object.keys(tools).length !== benchToolCount) throw new Error('tools missing')
  return { heapMB: (after.heapUsed - before.heapUsed) / 1e6, rssMB: (after.rss - before.rss) / 1e6, ms }
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  console.log(JSON.stringify(await measure(process.argv[2] ?? '')))
}
