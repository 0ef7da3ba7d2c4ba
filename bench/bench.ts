/**
 * `npm run bench`: toolhost's costs measured side by side with a reference in the same run, as
 * ratios. Run with Node 24 through npm (the sources run directly, see scripts/register-ts.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { z } from 'zod'
import { createToolHost } from '../src/host/create-tool-host.js'
import { externalizeIfLong } from '../src/results/externalize-result.js'
import { normalizeImage } from '../src/results/normalize-image.js'
import { defineTool } from '../src/tool/define-tool.js'
import { agentBench } from './agent.bench.js'
import { deferredBench } from './deferred.bench.js'
import { searchBench } from './search.bench.js'
import { shellBench } from './shell.bench.js'

const scratch = mkdtempSync(join(tmpdir(), 'toolhost-bench-'))
const rows: string[][] = []
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function report(name: string, toolhostMs: number, referenceName: string, referenceMs: number, unit = 'ms'): void {
  rows.push([
    name,
    `${toolhostMs.toFixed(unit === 'µs' ? 1 : 0)} ${unit}`,
    referenceName,
    `${referenceMs.toFixed(unit === 'µs' ? 1 : 0)} ${unit}`,
    `${(toolhostMs / referenceMs).toFixed(2)}×`,
  ])
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

/** Median of several timings of `fn`. */
async function median(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push(await time(fn))
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0
}

const noop = async () => ({ content: 'ok' })
const noopTool = defineTool({
  name: 'bench.noop',
  description: 'Does nothing.',
  inputSchema: z.object({}),
  annotations: { readOnly: true },
  call: noop,
})
const sleepRead = defineTool({
  name: 'bench.read',
  description: 'Sleeps 100 ms.',
  inputSchema: z.object({ path: z.string() }),
  resources: ({ path }) => [{ kind: 'file', path, access: 'read' }],
  annotations: { readOnly: true },
  call: async () => (await sleep(100), { content: 'read' }),
})
const sleepWrite = defineTool({
  name: 'bench.write',
  description: 'Sleeps 100 ms.',
  inputSchema: z.object({ path: z.string() }),
  resources: ({ path }) => [{ kind: 'file', path, access: 'write' }],
  call: async () => (await sleep(100), { content: 'written' }),
})

async function perCallOverhead(inMemoryStore: boolean): Promise<void> {
  const host = await createToolHost({
    dataDir: join(scratch, inMemoryStore ? 'memory' : 'disk'),
    tools: [noopTool],
    inMemoryStore,
  })
  const inv = await host.createInvocation({
    scope: 'session',
    protocol: 'anthropic',
    profile: { tools: { maxCallsPerRun: 100_000 } },
  })
  const calls = 1000
  for (let i = 0; i < 50; i++)
    await inv.executeTurn({ calls: [{ callId: `w${i}`, name: 'bench_noop', arguments: '{}' }] })
  const ours = await time(async () => {
    for (let i = 0; i < calls; i++)
      await inv.executeTurn({ calls: [{ callId: `c${i}`, name: 'bench_noop', arguments: '{}' }] })
  })
  const direct = await time(async () => {
    for (let i = 0; i < calls; i++) await noop()
  })
  report(
    `executeTurn, 1 no-op call (${inMemoryStore ? 'store in memory' : 'store on disk, synchronous=FULL'})`,
    (ours * 1000) / calls,
    'calling the function',
    (direct * 1000) / calls,
    'µs',
  )
  await host.close()
}

async function wallTimes(): Promise<void> {
  const host = await createToolHost({
    dataDir: join(scratch, 'wall'),
    tools: [sleepRead, sleepWrite],
    inMemoryStore: true,
  })
  const inv = await host.createInvocation({
    scope: 'session',
    protocol: 'anthropic',
    profile: { permissions: { mode: 'bypass' }, tools: { maxCallsPerRun: 100_000 } },
  })
  const turn = (name: string, path: (i: number) => string) =>
    inv.executeTurn({
      calls: Array.from({ length: 10 }, (_, i) => ({ callId: `${name}${i}`, name, arguments: { path: path(i) } })),
    })
  report(
    '10 read-only 100 ms calls',
    await median(() => turn('bench_read', (i) => `f${i}`)),
    'ideal (all at once)',
    100,
  )
  report(
    '10 writes to different files',
    await median(() => turn('bench_write', (i) => `f${i}`)),
    'ideal (all at once)',
    100,
  )
  report(
    '10 writes to one file',
    await median(() => turn('bench_write', () => 'same'), 3),
    'ideal (one after another)',
    1000,
  )
  await host.close()
}

async function externalizing(): Promise<void> {
  const text = `${'0123456789abcdef '.repeat(63)}\n`.repeat(Math.ceil(10_000_000 / 1072)).slice(0, 10_000_000)
  let round = 0
  const ours = await median(() =>
    externalizeIfLong({
      runDir: join(scratch, 'ext'),
      invocationId: 'inv_bench',
      round: ++round,
      callId: 'c',
      text,
      limit: 50_000,
      aliases: { readFile: 'workspace_read_file' },
    }),
  )
  const reference = await median(() => writeFile(join(scratch, 'plain.txt'), text))
  report('externalize a 10 MB result (text + JSON, fsync)', ours, 'fs.writeFile of the text', reference)
}

async function normalizing(): Promise<void> {
  const raw = Buffer.alloc(4000 * 3000 * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  const png = await sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer()
  const ours = await median(() => normalizeImage(png, 'image/png'), 3)
  const reference = await median(
    () => sharp(png).resize(1280, 1280, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer(),
    3,
  )
  report(
    `normalize a 4000×3000 PNG (${(png.length / 1e6).toFixed(0)} MB)`,
    ours,
    'sharp resize + JPEG 85 alone',
    reference,
  )
}

try {
  await perCallOverhead(true)
  await perCallOverhead(false)
  await wallTimes()
  await externalizing()
  await normalizing()
  const row = (name: string, ours: number, referenceName: string, reference: number, unit?: string) =>
    report(name, ours, referenceName, reference, unit)
  await searchBench(row, scratch)
  await shellBench(row, scratch)
  await deferredBench(row, scratch)
  await agentBench(row, scratch)
  const header = ['measure', 'toolhost', 'reference', 'reference time', 'ratio']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}\n`)
  console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'))
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
