/**
 * Benchmark of the workspace find tools on a generated tree of 1.05 GB in 50,000 files:
 * `workspace.search_files` against ripgrep (`rg`, spawned on the same tree), and `workspace.glob`
 * against tinyglobby. Both sides read from the page cache (a warm-up run comes first), and every
 * row checks that both found the same. Wired into `npm run bench` by bench/bench.ts.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { glob as tinyglob } from 'tinyglobby'
import { testCallContext } from '../test/call-context.js'
import type { AnyToolDefinition, ToolCallContext, ToolOutput } from '../src/tool/define-tool.js'
import { globTool, searchFilesTool } from '../src/tools/workspace/find/index.js'
import { createWorkspace } from '../src/workspace/create-workspace.js'
import { median, time, type BenchReport } from './bench-report.js'

const needle = 'needle_7f3a_quartz'
const layout = { top: 25, middle: 10, leaf: 10, filesPerDir: 20, minBytes: 2_000, maxBytes: 40_000 } as const
const extensions = ['ts', 'ts', 'ts', 'js', 'md', 'json'] as const

/** A search row: the tool's input, rg's arguments, and which count of the tool's output rg's lines give. */
interface SearchRow {
  readonly name: string
  readonly input: Record<string, unknown>
  readonly rgArgs: readonly string[]
  readonly count: 'files' | 'matches'
}

const searchRows: readonly SearchRow[] = [
  {
    name: 'search_files, rare literal, files_with_matches',
    input: { pattern: needle, output_mode: 'files_with_matches' },
    rgArgs: ['-l', needle],
    count: 'files',
  },
  { name: 'search_files, rare literal, content', input: { pattern: needle }, rgArgs: ['-n', needle], count: 'matches' },
  {
    name: 'search_files, common regex, count',
    input: { pattern: 'function \\w+\\(', output_mode: 'count' },
    rgArgs: ['-c', 'function \\w+\\('],
    count: 'files',
  },
  {
    name: 'search_files, case-insensitive literal, content',
    input: { pattern: 'NEEDLE_7F3A_QUARTZ', case_insensitive: true },
    rgArgs: ['-n', '-i', 'NEEDLE_7F3A_QUARTZ'],
    count: 'matches',
  },
]

/** Runs the find-tool measures on a tree generated under `scratch` (kept there for later runs). */
export async function searchBench(report: BenchReport, scratch: string): Promise<void> {
  const root = join(scratch, 'search-tree')
  const { files, bytes } = await cachedTree(root, join(scratch, 'search-tree.json'))
  console.log(`search bench: ${files.toLocaleString('en-US')} files, ${(bytes / 1e6).toFixed(0)} MB in ${root}`)
  const ctx = testCallContext({ workspace: createWorkspace([{ at: '', hostDir: root, access: 'read-only' }]) })
  const hasRipgrep = spawnSync('rg', ['--version']).error === undefined
  if (!hasRipgrep)
    console.log(
      'search bench: `rg` (ripgrep) is not installed; the ripgrep rows are skipped (apt-get install ripgrep).',
    )

  for (const row of searchRows) {
    // The first call warms the page cache and gives the counts; the timed runs follow.
    const found = (await callTool(searchFilesTool, { ...row.input, head_limit: 1000 }, ctx)).structured as {
      files: number
      matches: number
    }
    if (!hasRipgrep) {
      const ours = await median(() => callTool(searchFilesTool, row.input, ctx))
      console.log(`search bench: ${row.name}: ${ours.toFixed(0)} ms (no reference)`)
      continue
    }
    // --no-require-git: apply .gitignore outside a git repository too, as the tool does.
    const args = ['--no-require-git', '--no-config', ...row.rgArgs, '.']
    const rgLines = (await ripgrep(args, root)).split('\n').filter((line) => line !== '')
    if (rgLines.length !== found[row.count]) {
      throw new Error(
        `search bench: ${row.name}: toolhost found ${found.files} files / ${found.matches} matches, rg ${rgLines.length} lines`,
      )
    }
    const [ours, reference] = await medianPair(
      () => callTool(searchFilesTool, row.input, ctx),
      () => ripgrep(args, root),
    )
    report(`${row.name} (${found[row.count]} ${row.count})`, ours, 'ripgrep (parallel, unsorted)', reference)
  }

  // tinyglobby reads no .gitignore: it is given the tree's one rule as an ignore pattern.
  const globbed = async () => (await callTool(globTool, { pattern: '**/*.ts' }, ctx)).structured as { total: number }
  const globbedByTiny = () => tinyglob('**/*.ts', { cwd: root, ignore: ['generated/**'] })
  const [ourTotal, theirs] = [(await globbed()).total, (await globbedByTiny()).length]
  if (ourTotal !== theirs) throw new Error(`search bench: glob found ${ourTotal} files, tinyglobby ${theirs}`)
  const [ours, reference] = await medianPair(globbed, globbedByTiny)
  report(`glob **/*.ts (.gitignore, mtime sort; ${ourTotal} files)`, ours, 'tinyglobby glob', reference)
}

/** The tree at `root`, generated unless `stamp` says an identical one is there already. */
async function cachedTree(root: string, stamp: string): Promise<{ files: number; bytes: number }> {
  const key = JSON.stringify({ layout, needle })
  if (existsSync(stamp)) {
    const saved = JSON.parse(readFileSync(stamp, 'utf8')) as { key: string; files: number; bytes: number }
    if (saved.key === key) return saved
  }
  await rm(root, { recursive: true, force: true })
  const made = await generateTree(root)
  await writeFile(stamp, JSON.stringify({ key, ...made }))
  return made
}

async function callTool(
  tool: AnyToolDefinition,
  input: Record<string, unknown>,
  ctx: ToolCallContext,
): Promise<ToolOutput> {
  const result = tool.call(input, ctx)
  if (!(result instanceof Promise)) throw new Error(`${tool.name} should return a promise`)
  return result
}

/**
 * Medians of `runs` timings of `ours` and of `reference`, taken in turns: on a machine whose load
 * changes from second to second, both sides meet the same load and their ratio stays meaningful.
 */
async function medianPair(
  ours: () => Promise<unknown>,
  reference: () => Promise<unknown>,
  runs = 7,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < runs; i++) {
    times[0].push(await time(ours))
    times[1].push(await time(reference))
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0
  return [middle(times[0]), middle(times[1])]
}

function ripgrep(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('rg', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', reject)
    // rg exits 1 when nothing matches.
    child.on('close', (code) =>
      code === 0 || code === 1
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(new Error(`rg exited with ${code}`)),
    )
  })
}

/** Writes the tree: nested folders of source-like files, a rare needle, an ignored folder and binaries. */
async function generateTree(root: string): Promise<{ files: number; bytes: number }> {
  const random = seeded(42)
  const pool = linePool(random, 4_000)
  let bytes = 0
  let files = 0
  // Contents are made as the writers ask for them, so the tree never sits in memory whole.
  function* tree(): Generator<{ path: string; data: string | Uint8Array }> {
    for (let a = 0; a < layout.top; a++) {
      for (let b = 0; b < layout.middle; b++) {
        for (let c = 0; c < layout.leaf; c++) {
          for (let f = 0; f < layout.filesPerDir; f++, files++) {
            const target = layout.minBytes + Math.floor(random() * (layout.maxBytes - layout.minBytes))
            const lines: string[] = []
            for (let size = 0; size < target;) {
              const line = pool[Math.floor(random() * pool.length)] as string
              lines.push(line)
              size += line.length + 1
            }
            // One file in a thousand holds the needle somewhere inside.
            if (files % 1_000 === 500) lines.splice(Math.floor(lines.length / 2), 0, `  const marker = '${needle}'`)
            // and another, in other letter cases, for the case-insensitive search.
            if (files % 1_000 === 700)
              lines.splice(Math.floor(lines.length / 3), 0, `  // Needle_7F3A_Quartz: ${needle}`)
            const data = `${lines.join('\n')}\n`
            bytes += data.length
            yield {
              path: join(root, `pkg${a}`, `mod${b}`, `part${c}`, `file${f}.${extensions[f % extensions.length]}`),
              data,
            }
          }
        }
      }
    }
    yield { path: join(root, '.gitignore'), data: 'generated/\n' }
    for (let i = 0; i < 50; i++)
      yield { path: join(root, 'generated', `out${i}.ts`), data: `export const x = '${needle}'\n` }
    const binary = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]), Buffer.from(needle)])
    for (let i = 0; i < 20; i++) yield { path: join(root, 'assets', `image${i}.dat`), data: binary }
  }
  const jobs = tree()
  const folders = new Map<string, Promise<unknown>>()
  const writer = async () => {
    for (let job = jobs.next(); job.done !== true; job = jobs.next()) {
      const dir = dirname(job.value.path)
      let made = folders.get(dir)
      if (made === undefined) folders.set(dir, (made = mkdir(dir, { recursive: true })))
      await made
      await writeFile(job.value.path, job.value.data)
    }
  }
  await Promise.all(Array.from({ length: 32 }, writer))
  return { files, bytes }
}

/** Lines that look like TypeScript, JavaScript and prose, from a fixed vocabulary. */
function linePool(random: () => number, size: number): string[] {
  const words = [
    'user',
    'order',
    'cache',
    'token',
    'request',
    'result',
    'config',
    'stream',
    'buffer',
    'index',
    'session',
    'queue',
    'handler',
    'value',
    'record',
    'schema',
  ]
  const pick = () => words[Math.floor(random() * words.length)] as string
  const name = () => `${pick()}${pick().replace(/^./, (c) => c.toUpperCase())}`
  const templates = [
    () => `export function ${name()}(${pick()}: string, ${pick()}: number): ${name()} {`,
    () => `  const ${name()} = await ${name()}(${pick()}, ${Math.floor(random() * 1000)})`,
    () => `  if (${name()} === undefined) throw new Error('missing ${pick()} for ${pick()}')`,
    () => `  return { ${pick()}: ${name()}, ${pick()}: ${name()}.${pick()} }`,
    () => `import { ${name()}, ${name()} } from './${pick()}/${name()}.js'`,
    () => `// ${pick()} ${pick()} ${pick()}: keep the ${pick()} in sync with the ${pick()}`,
    () => `  for (const ${pick()} of ${name()}) ${name()}.push(${pick()}.${pick()})`,
    () => `}`,
    () => `The ${pick()} is written to the ${pick()} before the ${pick()} is read back.`,
  ]
  return Array.from({ length: size }, () => (templates[Math.floor(random() * templates.length)] as () => string)())
}

/** A small deterministic generator (mulberry32), so every run builds the same tree. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
