/**
 * `npm run conformance`: starts the example server (server.ts) on a free loopback port, runs the
 * official conformance server suite (active) against it and the client suite (core) against the
 * example client (client.ts), with baseline.json as the expected failures. Exits non-zero on an
 * unexpected failure or on a baseline entry that now passes.
 *
 * Run: `node --import ./scripts/register-ts.ts conformance/run.ts`
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

type Suite = 'server' | 'client'
type Baseline = Record<Suite, Record<string, string>>

const root = fileURLToPath(new URL('..', import.meta.url))
const node = process.execPath
const tsLoader = ['--import', join(root, 'scripts/register-ts.ts')]
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')

/** Starts the example server and resolves with its URL (the first line it prints). */
async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(node, [...tsLoader, join(root, 'conformance/server.ts'), '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the example server exited with ${code} before listening`)))
    lines.once('line', resolve)
  })
  return { child, url: url.trim() }
}

/** Runs the conformance CLI; resolves with its exit code. */
function runCli(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], { cwd: root, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

/** The CLI's baseline format: YAML lists of scenario names per mode. */
function baselineYaml(baseline: Baseline): string {
  const list = (names: string[]) =>
    names.length === 0 ? ' []\n' : `\n${names.map((name) => `  - ${name}\n`).join('')}`
  return `server:${list(Object.keys(baseline.server))}client:${list(Object.keys(baseline.client))}`
}

const baseline = JSON.parse(await readFile(join(root, 'conformance/baseline.json'), 'utf8')) as Baseline
const work = await mkdtemp(join(tmpdir(), 'toolhost-conformance-run-'))
const expected = join(work, 'baseline.yml')
await writeFile(expected, baselineYaml(baseline))

const { child, url } = await startServer()
const codes: Record<Suite, number> = { server: 1, client: 1 }
try {
  console.log(`\n# Server suite (active) against ${url}\n`)
  codes.server = await runCli([
    'server',
    '--url',
    url,
    '--suite',
    'active',
    '--expected-failures',
    expected,
    '-o',
    join(work, 'server'),
  ])
  console.log('\n# Client suite (core) with conformance/client.ts\n')
  const command = [node, ...tsLoader, join(root, 'conformance/client.ts')].map((part) => JSON.stringify(part)).join(' ')
  codes.client = await runCli([
    'client',
    '--command',
    command,
    '--suite',
    'core',
    '--expected-failures',
    expected,
    '-o',
    join(work, 'client'),
  ])
} finally {
  child.kill('SIGTERM')
  await rm(work, { recursive: true, force: true })
}

console.log('\n# Expected failures (conformance/baseline.json)')
for (const suite of ['server', 'client'] as const) {
  for (const [scenario, reason] of Object.entries(baseline[suite])) console.log(`- ${suite} ${scenario}: ${reason}`)
}
const failed = (['server', 'client'] as const).filter((suite) => codes[suite] !== 0)
console.log(
  failed.length === 0
    ? '\nConformance: as expected.'
    : `\nConformance: unexpected results in the ${failed.join(' and ')} suite (see above).`,
)
process.exitCode = failed.length === 0 ? 0 : 1
