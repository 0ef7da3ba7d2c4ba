import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { listToolsOverStdio } from './mcp-stdio-list.js'

// What a start of the CLI must not load: each is loaded at its first use (a model call, an MCP
// client connection, an image, a web page, a shell command, a calculation, an HTTP server...).
const notAtStart: Readonly<Record<string, RegExp>> = {
  'model providers (@ai-sdk/*)': /\/node_modules\/@ai-sdk\//,
  'MCP SDK client': /\/node_modules\/@modelcontextprotocol\/sdk\/dist\/esm\/client\//,
  'MCP SDK HTTP server': /\/node_modules\/@modelcontextprotocol\/sdk\/dist\/esm\/server\/streamableHttp/,
  hono: /\/node_modules\/(@hono|hono)\//,
  'sharp (libvips)': /\/node_modules\/(sharp|@img)\//,
  'turndown (HTML converter)': /\/node_modules\/(turndown|@mixmark-io)\//,
  mathjs: /\/node_modules\/mathjs\//,
  'the agent loop': /\/dist\/agent\//,
}

// Listing tools loads no MCP SDK at all, and neither the call pipeline nor the HTTP client.
const notForListing: Readonly<Record<string, RegExp>> = {
  ...notAtStart,
  'MCP SDK': /\/node_modules\/@modelcontextprotocol\//,
  'just-bash (command rules)': /\/node_modules\/just-bash\//,
  ajv: /\/node_modules\/ajv(-formats)?\//,
  'the call pipeline': /\/dist\/execution\//,
  'HTTP client': /^node:https?$/,
}

const root = join(import.meta.dirname, '..', '..')
const bin = join(root, 'bin', 'toolhost.js')
const recorder = pathToFileURL(join(import.meta.dirname, 'record-modules.mjs')).href

function startRecorded(args: readonly string[], record: string) {
  return spawn(process.execPath, ['--import', recorder, bin, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, RECORD_MODULES_TO: record },
  })
}

/** The names of `heavy` that one of `modules` matches. */
function loadedOf(heavy: Readonly<Record<string, RegExp>>, modules: readonly string[]): string[] {
  return Object.entries(heavy)
    .filter(([, pattern]) => modules.some((url) => pattern.test(url)))
    .map(([name]) => name)
}

/**
 * The modules a run loaded, read from the recording: a chunk of the command-line bundle stands for
 * the dist/ modules it holds (dist/cli-bundle/chunks.json), so the patterns apply to them alike.
 */
function recorded(file: string): string[] {
  const chunks = JSON.parse(readFileSync(join(root, 'dist', 'cli-bundle', 'chunks.json'), 'utf8')) as Record<
    string,
    string[]
  >
  const bundleDir = pathToFileURL(join(root, 'dist', 'cli-bundle')).href
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((url) => {
      const chunk = url.startsWith(`${bundleDir}/`) ? chunks[url.slice(bundleDir.length + 1)] : undefined
      return chunk === undefined ? [url] : chunk.map((module) => pathToFileURL(join(root, module)).href)
    })
}

// Two processes of the built binary: generous limits for a busy machine.
const long = 120_000

describe('a start of the CLI loads only what it uses', () => {
  const dir = tempDir('toolhost-start-')

  it(
    'tools list lists the builtin tools without loading providers, the MCP SDK, sharp, turndown or the call pipeline',
    async () => {
      const record = join(dir, 'tools-list.txt')
      const child = startRecorded(['tools', 'list', '--data-dir', join(dir, 'data')], record)
      child.stdin.end()
      let stdout = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
      expect(code).toBe(0)
      expect(stdout).toContain('builtin:dice.roll')
      const modules = recorded(record)
      // The recorder saw the run: the CLI's own modules are there.
      expect(modules.some((url) => url.endsWith('/dist/cli/commands/tools-list.js'))).toBe(true)
      expect(loadedOf(notForListing, modules)).toEqual([])
    },
    long,
  )

  it(
    'mcp serve --stdio answers tools/list without loading providers, the SDK client or HTTP server, sharp or turndown',
    async () => {
      const record = join(dir, 'mcp-serve.txt')
      const child = startRecorded(['mcp', 'serve', '--stdio', '--data-dir', join(dir, 'data')], record)
      const closed = new Promise<number | null>((resolve) => child.once('close', resolve))
      const tools = await listToolsOverStdio(child)
      child.stdin.end()
      expect(await closed).toBe(0)
      expect(tools.map((t) => t.name)).toContain('dice_roll')
      const modules = recorded(record)
      expect(modules.some((url) => url.includes('/@modelcontextprotocol/sdk/dist/esm/server/stdio'))).toBe(true)
      expect(loadedOf(notAtStart, modules)).toEqual([])
    },
    long,
  )
})
