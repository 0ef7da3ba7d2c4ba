import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { spawnBounded, type BoundedProcess } from '../../spawn/spawn-bounded.js'
import { NotWrittenError } from './not-written-error.js'

/** What a stdio MCP server is started with. */
export interface BoundedStdioOptions {
  readonly command: string
  readonly args: readonly string[]
  /** Added to a minimal environment (PATH, HOME, …); the host's secrets are not passed on. */
  readonly env: Readonly<Record<string, string>>
  /** Largest message line accepted; a server that writes more is cut off. */
  readonly maxMessageBytes: number
  /** How long after SIGTERM the server gets SIGKILL. */
  readonly killGraceMs: number
}

const inheritedEnv = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'TMPDIR',
  'LANG',
  'SystemRoot',
  'APPDATA',
  'USERPROFILE',
]

/**
 * An MCP stdio client transport whose server is spawned bounded ({@link spawnBounded}): when it
 * closes, when the server exits, and when the host exits or dies, the server and everything it
 * started are killed, including what it detached with `setsid` or a double fork. Stderr is read
 * and dropped.
 */
export class BoundedStdioTransport implements Transport {
  readonly #options: BoundedStdioOptions
  readonly #buffer: ReadBuffer
  #bounded: BoundedProcess | undefined
  #started = false
  #closed = false
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  constructor(options: BoundedStdioOptions) {
    this.#options = options
    this.#buffer = new ReadBuffer({ maxBufferSize: options.maxMessageBytes })
  }

  /** The pid of the process the host waits for (the server, or the wrapper that bounds it) while it runs; also its process group id. */
  get pid(): number | undefined {
    return this.#bounded?.child.pid
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('BoundedStdioTransport already started')
    this.#started = true
    const env: Record<string, string> = {}
    for (const key of inheritedEnv) if (process.env[key] !== undefined) env[key] = process.env[key]
    const bounded = await spawnBounded(this.#options.command, this.#options.args, {
      env: { ...env, ...this.#options.env },
    })
    this.#bounded = bounded
    const { child } = bounded
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve())
      child.once('error', reject)
    })
    // Closed while starting: the server goes at once.
    if (this.#closed) {
      bounded.kill()
      throw new Error('the MCP client closed while the server was starting')
    }
    child.on('error', (error) => this.onerror?.(error))
    child.on('exit', () => void this.close())
    child.stdin.on('error', (error) => this.onerror?.(error))
    // Unread, a chatty server would block once the pipe is full.
    child.stderr.resume()
    child.stdout.on('data', (chunk: Buffer) => this.#receive(chunk))
  }

  #receive(chunk: Buffer): void {
    try {
      this.#buffer.append(chunk)
      for (let message = this.#buffer.readMessage(); message !== null; message = this.#buffer.readMessage())
        this.onmessage?.(message)
    } catch (error) {
      // Oversized or malformed output: the stream cannot be trusted any more.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
      void this.close()
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#bounded?.child.stdin
    if (this.#closed || stdin === undefined || !stdin.writable)
      throw new NotWrittenError('the MCP server process is not running')
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()))
    })
  }

  /**
   * Closes stdin and asks the server's process group to stop (SIGTERM), then kills the server and
   * everything it started (SIGKILL) once it exited or the grace time passed.
   */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#buffer.clear()
    const bounded = this.#bounded
    if (bounded !== undefined) {
      const { child } = bounded
      child.stdin.end()
      bounded.terminate()
      if (child.pid !== undefined && !exited(child)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#options.killGraceMs)
          child.once('exit', () => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      // The server may be gone while what it started is not.
      bounded.kill()
    }
    this.onclose?.()
  }
}

function exited(child: ChildProcessWithoutNullStreams): boolean {
  return child.exitCode !== null || child.signalCode !== null
}
