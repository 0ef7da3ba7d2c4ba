import { spawn, type ChildProcess } from 'node:child_process'
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** What a stdio MCP server is started with. */
export interface StdioGroupOptions {
  readonly command: string
  readonly args: readonly string[]
  /** Added to a minimal environment (PATH, HOME, …); the host's secrets are not passed on. */
  readonly env: Readonly<Record<string, string>>
  /** Largest message line accepted; a server that writes more is cut off. */
  readonly maxMessageBytes: number
  /** How long after SIGTERM the group gets SIGKILL. */
  readonly killGraceMs: number
}

/** Thrown by `send` when the message could not be written at all (the server is gone). */
export class NotWrittenError extends Error {
  override readonly name = 'NotWrittenError'
}

const inheritedEnv = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'TMPDIR', 'LANG', 'SystemRoot', 'APPDATA', 'USERPROFILE']

// Groups still alive, killed when the host exits so no server outlives it. (A host killed by
// SIGKILL cannot do this; servers then see their stdin close and are expected to exit.)
const liveGroups = new Set<number>()
let exitHookInstalled = false

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    if (process.platform === 'win32') process.kill(pid, signal)
    else process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * An MCP stdio client transport whose server runs at the head of its own process group, so that
 * closing kills the server together with anything it started. Stderr is discarded.
 */
export class StdioGroupTransport implements Transport {
  readonly #options: StdioGroupOptions
  readonly #buffer: ReadBuffer
  #child: ChildProcess | undefined
  #closed = false
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  constructor(options: StdioGroupOptions) {
    this.#options = options
    this.#buffer = new ReadBuffer({ maxBufferSize: options.maxMessageBytes })
  }

  /** The server's pid while it runs (also its process group id). */
  get pid(): number | undefined {
    return this.#child?.pid
  }

  async start(): Promise<void> {
    if (this.#child !== undefined) throw new Error('StdioGroupTransport already started')
    const env: Record<string, string> = {}
    for (const key of inheritedEnv) if (process.env[key] !== undefined) env[key] = process.env[key]
    const child = spawn(this.#options.command, [...this.#options.args], {
      env: { ...env, ...this.#options.env },
      stdio: ['pipe', 'pipe', 'ignore'],
      shell: false,
      detached: process.platform !== 'win32',
      windowsHide: true,
    })
    this.#child = child
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve())
      child.once('error', reject)
    })
    const pid = child.pid
    if (pid !== undefined) {
      liveGroups.add(pid)
      if (!exitHookInstalled) {
        exitHookInstalled = true
        process.once('exit', () => liveGroups.forEach((p) => killGroup(p, 'SIGKILL')))
      }
    }
    child.on('error', (error) => this.onerror?.(error))
    child.on('exit', () => void this.close())
    child.stdin?.on('error', (error) => this.onerror?.(error))
    child.stdout?.on('data', (chunk: Buffer) => this.#receive(chunk))
  }

  #receive(chunk: Buffer): void {
    try {
      this.#buffer.append(chunk)
      for (let message = this.#buffer.readMessage(); message !== null; message = this.#buffer.readMessage()) this.onmessage?.(message)
    } catch (error) {
      // Oversized or malformed output: the stream cannot be trusted any more.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
      void this.close()
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin
    if (this.#closed || stdin === undefined || stdin === null || !stdin.writable) throw new NotWrittenError('the MCP server process is not running')
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()))
    })
  }

  /** Closes stdin, then terminates the whole group (SIGTERM, SIGKILL after the grace time). */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#buffer.clear()
    const child = this.#child
    const pid = child?.pid
    if (child !== undefined && pid !== undefined) {
      child.stdin?.end()
      killGroup(pid, 'SIGTERM')
      const exited = child.exitCode !== null || child.signalCode !== null
      if (!exited) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#options.killGraceMs)
        child.once('exit', () => { clearTimeout(timer); resolve() })
      })
      // The leader may be gone while others in its group are not.
      killGroup(pid, 'SIGKILL')
      liveGroups.delete(pid)
    }
    this.onclose?.()
  }
}
