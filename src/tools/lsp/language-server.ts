import type { MessageConnection } from 'vscode-jsonrpc/node'
import { installClientHandlers } from './client-handlers.js'
import { DocumentSync } from './open-documents.js'
import { initializeParams } from './initialize-params.js'
import { lspErrors } from './lsp-errors.js'
import { serverProgram } from './server-command.js'
import { startServerProcess, type ServerProcess } from './server-process.js'
import { DiagnosticStore, pollUntil } from './diagnostic-store.js'
import { normalUri, pathToUri } from './file-uri.js'

/** How a server is started. */
export interface LanguageServerOptions {
  /** The profile's name for it, shown in errors. */
  readonly name: string
  readonly command: string
  readonly args: readonly string[]
  readonly initializationOptions?: unknown
  /** The workspace root (a real host path): the server's working directory and only workspace folder. */
  readonly root: string
  /** Makes text from the server safe to show (hides toolhost's own directories). */
  readonly redact: (text: string) => string
  /** Longest `initialize` may take. */
  readonly timeoutMs: number
}

/** Limits of one request. */
export interface RequestOptions {
  readonly timeoutMs: number
  readonly signal?: AbortSignal
}

/** How long `shutdown` and then the exit may take before the server is killed. */
const shutdownGraceMs = 3000

/**
 * One running language server over JSON-RPC on its stdio. Requests time out, and fail with a
 * recoverable error naming the server's last error output when it exits; then {@link alive} is
 * false and the pool starts a new one. Shared by concurrent calls: {@link acquire} and
 * {@link release} count its users, and it shuts itself down once unused for the idle time.
 */
export class LanguageServer {
  readonly name: string
  readonly root: string
  readonly #process: ServerProcess
  readonly #connection: MessageConnection
  readonly #redact: (text: string) => string
  readonly #progress = new Map<string, string>()
  readonly #gone: (() => void)[] = []
  #capabilities: Record<string, unknown> = {}
  #sequence = 0
  #users = 0
  #idleTimer: NodeJS.Timeout | undefined
  #stopping: Promise<void> | undefined
  #exit: string | undefined
  #warm = false
  /** Rejecters of the requests waiting for an answer, called when the process exits. */
  readonly #waiting = new Set<(error: Error) => void>()
  readonly documents: DocumentSync
  readonly diagnostics: DiagnosticStore

  private constructor(options: LanguageServerOptions, serverProcess: ServerProcess, connection: MessageConnection) {
    this.name = options.name
    this.root = options.root
    this.#process = serverProcess
    this.#connection = connection
    this.#redact = options.redact
    this.documents = new DocumentSync(
      (method, params) => this.#notify(method, params),
      () => ++this.#sequence,
    )
    this.diagnostics = new DiagnosticStore(() => ++this.#sequence)
    void serverProcess.exited.then((how) => {
      this.#exit = how
      for (const reject of this.#waiting) reject(this.#crashed())
      this.#waiting.clear()
      this.#ended()
    })
  }

  /**
   * Starts the server and completes the `initialize` handshake.
   * @throws ToolError `lsp.server_unavailable` when its program is missing or cannot start, `lsp.server_crashed` or
   *   `lsp.timeout` when the handshake fails
   */
  static async start(options: LanguageServerOptions): Promise<LanguageServer> {
    const program = serverProgram(options.command, options.root, process.env.PATH)
    if (program === undefined) throw lspErrors.serverNotFound(options.name, options.command)
    const rpc = await import('vscode-jsonrpc/node')
    let serverProcess: ServerProcess
    try {
      serverProcess = await startServerProcess(program, options.args, options.root)
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
      throw lspErrors.serverStartFailed(options.name, options.redact(reason))
    }
    const { child } = serverProcess.bounded
    const connection = rpc.createMessageConnection(
      new rpc.StreamMessageReader(child.stdout),
      new rpc.StreamMessageWriter(child.stdin),
    )
    const server = new LanguageServer(options, serverProcess, connection)
    const folder = { uri: pathToUri(options.root), name: baseName(options.root), path: options.root }
    installClientHandlers(
      connection,
      folder,
      {
        diagnostics: (uri, items) => server.diagnostics.publish(normalUri(uri), items),
        progress: (token, title) => {
          if (title === undefined) server.#progress.delete(token)
          else server.#progress.set(token, title)
        },
      },
      (method) => new rpc.ResponseError(rpc.ErrorCodes.MethodNotFound, `${method} is not supported`),
    )
    // Errors of the stream surface as failed requests and the process's exit.
    connection.onError(() => {})
    connection.listen()
    try {
      const result = await server.request<{ capabilities?: Record<string, unknown> }>(
        'initialize',
        initializeParams(folder, options.initializationOptions),
        { timeoutMs: options.timeoutMs },
      )
      server.#capabilities = result?.capabilities ?? {}
      await server.#notify('initialized', {})
    } catch (error) {
      await server.stop()
      throw error
    }
    return server
  }

  /** What the server said it can do in its `initialize` answer. */
  get capabilities(): Readonly<Record<string, unknown>> {
    return this.#capabilities
  }

  /** False once the process has exited or the server is stopping. */
  get alive(): boolean {
    return !this.#process.hasExited() && this.#stopping === undefined
  }

  /** The pid of the process the host waits for (the server, or the wrapper that bounds it). */
  get pid(): number | undefined {
    return this.#process.bounded.child.pid
  }

  /** The title of work the server reports in progress (loading a project), if any. */
  get busyWith(): string | undefined {
    return this.#progress.values().next().value
  }

  /** `text` from the server made safe to show (toolhost's own directories hidden). */
  redact(text: string): string {
    return this.#redact(text)
  }

  /**
   * Waits, until the server has once answered for a file, for it to have loaded the project: its
   * first diagnostics of the file opened (`uri`, content sent at `sentAt`) with no work in progress.
   * A server asked earlier may answer from a partial project (an import instead of the definition).
   * Servers that are asked for diagnostics instead of pushing them wait only for their progress.
   * @throws ToolError `lsp.indexing` when the server is still loading at the timeout, `lsp.server_crashed`
   */
  async warmUp(uri: string, sentAt: number, options: RequestOptions): Promise<void> {
    if (this.#warm) return
    const deadline = performance.now() + options.timeoutMs
    const pushes = this.capabilities.diagnosticProvider === undefined
    const idle = () => this.busyWith === undefined
    const ready = await pollUntil(
      () => idle() && (!pushes || this.diagnostics.publishedSince(uri, sentAt)),
      () => performance.now() >= deadline || !this.alive || options.signal?.aborted === true,
    )
    if (!this.alive) throw this.#crashed()
    options.signal?.throwIfAborted()
    if (!ready && this.busyWith !== undefined) throw lspErrors.indexing(this.name, this.busyWith)
    this.#warm = true
  }

  /** The error of a call that finds the server gone, with its last error output. */
  goneError(): Error {
    return this.#crashed()
  }

  /** Runs `callback` when the server is gone (exited or stopped). */
  onGone(callback: () => void): void {
    if (this.#process.hasExited()) callback()
    else this.#gone.push(callback)
  }

  /** Counts a user; the idle timer waits until the last one leaves. */
  acquire(): void {
    this.#users++
    clearTimeout(this.#idleTimer)
    this.#idleTimer = undefined
    this.#holdHost(true)
  }

  /**
   * Uncounts a user; the last one starts the idle timer. An idle server does not keep the host
   * process alive (a command-line call ends without waiting for it; the exit kills it).
   */
  release(idleMs: number): void {
    this.#users = Math.max(0, this.#users - 1)
    if (this.#users > 0 || !this.alive) return
    clearTimeout(this.#idleTimer)
    this.#idleTimer = setTimeout(() => void this.stop(), idleMs)
    this.#idleTimer.unref()
    this.#holdHost(false)
  }

  /** Whether the server's process and pipes keep the host's event loop running. */
  #holdHost(hold: boolean): void {
    const { child } = this.#process.bounded
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as { ref?(): void; unref?(): void }[])
      if (hold) handle.ref?.()
      else handle.unref?.()
  }

  /**
   * Sends a request and waits for its answer, the timeout, the call's cancellation or the server's
   * exit, whichever comes first; a request left waiting is cancelled at the server.
   * @throws ToolError `lsp.timeout`, `lsp.server_crashed`, `lsp.server_error`; the signal's reason when cancelled
   */
  async request<Result>(method: string, params: unknown, options: RequestOptions): Promise<Result> {
    if (!this.alive) throw this.#crashed()
    const rpc = await import('vscode-jsonrpc/node')
    const source = new rpc.CancellationTokenSource()
    const { signal } = options
    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    let onExit: ((error: Error) => void) | undefined
    try {
      return await new Promise<Result>((resolve, reject) => {
        onExit = reject
        this.#waiting.add(reject)
        timer = setTimeout(() => {
          source.cancel()
          reject(lspErrors.timeout(this.name, method, Math.round(options.timeoutMs / 1000)))
        }, options.timeoutMs)
        if (signal !== undefined) {
          onAbort = () => {
            source.cancel()
            reject(signal.reason)
          }
          if (signal.aborted) onAbort()
          else signal.addEventListener('abort', onAbort, { once: true })
        }
        this.#connection.sendRequest<Result>(method, params, source.token).then(resolve, (error: unknown) => {
          if (error instanceof rpc.ResponseError) reject(this.#failed(method, error))
          // A closed connection is the process ending: report that once its exit is seen.
          else void this.#process.exited.then(() => reject(this.#crashed()))
        })
      })
    } finally {
      clearTimeout(timer)
      if (onExit !== undefined) this.#waiting.delete(onExit)
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort)
      source.dispose()
    }
  }

  /** Shuts the server down (`shutdown`, `exit`), killing it and all it started when it does not exit in time. */
  stop(): Promise<void> {
    this.#stopping ??= this.#shutDown()
    return this.#stopping
  }

  async #shutDown(): Promise<void> {
    clearTimeout(this.#idleTimer)
    const exited = this.#process.exited
    if (!this.#process.hasExited()) {
      // The host waits for the goodbye, at most twice the grace time.
      this.#holdHost(true)
      const grace = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
      await Promise.race([
        this.#connection.sendRequest('shutdown').then(() => this.#connection.sendNotification('exit')),
        exited,
        grace(shutdownGraceMs),
      ]).catch(() => undefined)
      await Promise.race([exited, grace(shutdownGraceMs)])
    }
    this.#process.bounded.kill()
    this.#connection.dispose()
    this.#ended()
  }

  #ended(): void {
    clearTimeout(this.#idleTimer)
    for (const callback of this.#gone.splice(0)) callback()
  }

  async #notify(method: string, params: unknown): Promise<void> {
    if (!this.alive) throw this.#crashed()
    try {
      await this.#connection.sendNotification(method, params)
    } catch {
      await this.#process.exited
      throw this.#crashed()
    }
  }

  #crashed() {
    return lspErrors.serverCrashed(this.name, this.#exit ?? 'stopped', this.#process.stderrTail().map(this.#redact))
  }

  #failed(method: string, error: { readonly message: string }) {
    return lspErrors.serverError(this.name, method, this.#redact(error.message))
  }
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path
}
