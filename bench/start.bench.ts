/**
 * Cold start of the built `toolhost` binary, beside the start of a Node process that does nothing
 * (`node -e 0`) measured in the same run: `tools list` to its exit, and `mcp serve --stdio` from
 * spawn to its answer to the first `tools/list`. Needs `dist/` (`npm run build`). Wired into
 * `bench/bench.ts`.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { listToolsOverStdio } from '../test/cli/mcp-stdio-list.js'
import { median, type BenchReport } from './bench-report.js'

const bin = join(import.meta.dirname, '..', 'bin', 'toolhost.js')
const builtMain = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js')

/** Runs `node …args` to its exit. */
function runNode(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`)),
    )
  })
}

/** Starts `toolhost mcp serve --stdio`, waits for its answer to the first `tools/list`, then ends it. */
async function serveUntilListed(dataDir: string): Promise<number> {
  const child = spawn(process.execPath, [bin, 'mcp', 'serve', '--stdio', '--data-dir', dataDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  try {
    const start = performance.now()
    const tools = await listToolsOverStdio(child).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}: ${stderr}`)
    })
    const elapsed = performance.now() - start
    if (tools.length === 0) throw new Error('mcp serve --stdio listed no tools')
    return elapsed
  } finally {
    // The server ends when its client closes standard input.
    child.stdin.end()
    await exited
  }
}

/** The two start-up rows; skipped, with a note, when `dist/` has not been built. */
export async function startBench(report: BenchReport, scratch: string): Promise<void> {
  if (!existsSync(builtMain)) {
    console.log('start: dist/ is missing, run "npm run build" first; the start-up rows are skipped')
    return
  }
  const dataDir = join(scratch, 'start-data')
  const toolsList = () => runNode([bin, 'tools', 'list', '--data-dir', dataDir])
  // The first run creates the store and fills Node's compile cache, as any run after installing does.
  await toolsList()
  const reference = await median(() => runNode(['-e', '0']), 7)
  report('CLI start: toolhost tools list', await median(toolsList, 7), 'node -e 0', reference)

  await serveUntilListed(dataDir)
  const served: number[] = []
  for (let i = 0; i < 7; i++) served.push(await serveUntilListed(dataDir))
  const serveMedian = served.sort((a, b) => a - b)[3] ?? 0
  report('MCP start: mcp serve --stdio to first tools/list', serveMedian, 'node -e 0', reference)
}
