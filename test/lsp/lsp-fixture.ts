import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../temp-dir.js'

const repo = join(import.meta.dirname, '..', '..')

/** The typescript-language-server of the repo's devDependencies. */
export const typescriptServerBin = join(repo, 'node_modules', '.bin', 'typescript-language-server')

/** Fails with what to do when the real language server is not installed. */
export function requireTypescriptServer(): void {
  if (!existsSync(typescriptServerBin) || !existsSync(join(repo, 'node_modules', 'typescript')))
    throw new Error(
      'typescript-language-server (and typescript) are missing from node_modules: run npm install, they are devDependencies',
    )
}

/**
 * A fresh copy of `test/lsp/fixture-project/` in a temporary directory (removed after the file's
 * tests), its `node_modules/.bin` holding the repo's typescript-language-server, as a project that
 * carries its own server does.
 */
export function fixtureProject(prefix = 'toolhost-lsp-'): string {
  requireTypescriptServer()
  const dir = tempDir(prefix)
  cpSync(join(import.meta.dirname, 'fixture-project'), dir, { recursive: true })
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true })
  symlinkSync(typescriptServerBin, join(dir, 'node_modules', '.bin', 'typescript-language-server'))
  return dir
}

/** Whether a process exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pids of `pid` and everything below it, read from /proc. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {
      // Gone while listing.
    }
  }
  const tree: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    const next = queue.shift() ?? 0
    tree.push(next)
    queue.push(...(parents.get(next) ?? []))
  }
  return tree
}

/** Waits until `condition` holds, checking every 50 ms; fails after `timeoutMs` (a hang, not a speed check). */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * A tiny language server as a real program, written to `dir`: it answers `initialize` (definition
 * and hover), publishes no problems for each opened file, answers `textDocument/definition` with
 * the locations in `<dir>/answers.json` (when present) and `textDocument/hover` with "fake hover",
 * and appends every method it receives to `<dir>/methods.log` and its pid to `<dir>/pids.log`.
 * With the argument `--crash-on <method>` it writes a line to stderr and exits with code 3 when
 * that request arrives; with `--hang-on <method>` it never answers that request; with `--busy` it
 * reports loading a project once initialized and never finishes.
 */
export function writeFakeServer(dir: string): string {
  const file = join(dir, 'fake-language-server.mjs')
  writeFileSync(
    file,
    `#!/usr/bin/env node
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
const dir = ${JSON.stringify(dir)}
const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined)
const crashOn = option('--crash-on')
const hangOn = option('--hang-on')
appendFileSync(join(dir, 'pids.log'), process.pid + '\\n')
let buffer = Buffer.alloc(0)
const send = (message) => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }))
  process.stdout.write('Content-Length: ' + body.length + '\\r\\n\\r\\n')
  process.stdout.write(body)
}
const handle = (message) => {
  if (message.method === undefined) return
  appendFileSync(join(dir, 'methods.log'), message.method + ' ' + JSON.stringify(message.params?.textDocument?.uri ?? '') + '\\n')
  if (message.method === crashOn) {
    process.stderr.write('fake server: cannot answer ' + message.method + '\\n')
    process.exit(3)
  }
  if (message.method === hangOn) return
  switch (message.method) {
    case 'initialize':
      return send({ id: message.id, result: { capabilities: { textDocumentSync: 1, definitionProvider: true, hoverProvider: true } } })
    case 'initialized':
      if (!process.argv.includes('--busy')) return
      send({ id: 'create', method: 'window/workDoneProgress/create', params: { token: 'load' } })
      return send({ method: '$/progress', params: { token: 'load', value: { kind: 'begin', title: 'Loading fake project' } } })
    case 'textDocument/didOpen':
      if (process.argv.includes('--busy')) return
      return send({ method: 'textDocument/publishDiagnostics', params: { uri: message.params.textDocument.uri, diagnostics: [] } })
    case 'textDocument/definition': {
      const answers = join(dir, 'answers.json')
      return send({ id: message.id, result: existsSync(answers) ? JSON.parse(readFileSync(answers, 'utf8')) : null })
    }
    case 'textDocument/hover':
      return send({ id: message.id, result: { contents: { kind: 'plaintext', value: 'fake hover' } } })
    case 'shutdown':
      return send({ id: message.id, result: null })
    case 'exit':
      return process.exit(0)
    default:
      if (message.id !== undefined) send({ id: message.id, error: { code: -32601, message: 'no ' + message.method } })
  }
}
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk])
  for (;;) {
    const end = buffer.indexOf('\\r\\n\\r\\n')
    if (end < 0) return
    const length = Number(/Content-Length: (\\d+)/i.exec(buffer.subarray(0, end).toString())?.[1])
    if (buffer.length < end + 4 + length) return
    const body = buffer.subarray(end + 4, end + 4 + length).toString()
    buffer = buffer.subarray(end + 4 + length)
    handle(JSON.parse(body))
  }
})
`,
  )
  chmodSync(file, 0o755)
  return file
}

/** The methods the fake server received, with the URI each was about. */
export function fakeServerMethods(dir: string): string[] {
  const log = join(dir, 'methods.log')
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []
}

/** The pids the fake server started with, one per start. */
export function fakeServerPids(dir: string): number[] {
  const log = join(dir, 'pids.log')
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map(Number) : []
}

/** The pids of processes whose working directory is `dir` (language servers run in the workspace root). */
export function processesIn(dir: string): number[] {
  const real = realpathSync(dir)
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readlinkSync(`/proc/${entry}/cwd`) === real
      } catch {
        return false
      }
    })
    .map(Number)
}
