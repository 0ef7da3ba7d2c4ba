import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { EngineLimit, EngineMarker, EngineMessage, EngineReply, EngineRequest } from './math-protocol.js'

/** How a {@link MathRunner} starts and bounds its engine. */
export interface MathRunnerOptions {
  /** The engine module (`math-engine.ts` from source, `math-engine.js` once built). */
  readonly engineUrl: URL
  /** Wall-clock time one evaluation may take before the engine is killed. */
  readonly timeoutMs: number
  /** Heap the engine may use (`--max-old-space-size`); past it the engine dies. */
  readonly memoryMb: number
}

const engineMarker: EngineMarker = '--toolhost-calculator-engine'

/**
 * Evaluates expressions in a child process, one at a time. An expression can ask for unbounded
 * work (`1:1e9`, recursion through user functions) that mathjs cannot interrupt, and running out of
 * heap aborts a whole process (worker threads do not contain it), so a separate process is the unit
 * of containment: one that runs too long or out of memory is killed, the evaluation reported as a
 * limit, and a fresh engine started for the next call. The engine runs without environment
 * variables and with code generation from strings disabled. It is kept between calls (loading
 * mathjs takes a few hundred ms) and does not keep this process alive while idle.
 */
export class MathRunner {
  readonly #options: MathRunnerOptions
  #engine: ChildProcess | undefined
  #ready: Promise<ChildProcess> | undefined
  /** Evaluations run in order; each starts when the one before has settled. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: MathRunnerOptions) {
    this.#options = options
  }

  /**
   * Evaluates one request. Resolves with the engine's reply, or with a `limit` reply when the
   * evaluation ran out of time or memory; rejects with `signal.reason` when aborted, and with an
   * Error when the engine fails to start or dies for another reason.
   */
  evaluate(request: EngineRequest, signal?: AbortSignal): Promise<EngineReply> {
    const run = this.#queue.then(() => this.#run(request, signal))
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** Stops the engine, if one runs; a later call starts a new one. */
  async close(): Promise<void> {
    const engine = this.#engine
    if (engine === undefined) return
    this.#forget(engine)
    if (engine.exitCode !== null || engine.signalCode !== null) return
    const exited = new Promise((resolve) => engine.once('exit', resolve))
    engine.kill('SIGKILL')
    await exited
  }

  async #run(request: EngineRequest, signal: AbortSignal | undefined): Promise<EngineReply> {
    signal?.throwIfAborted()
    const engine = await untilAborted(this.#start(), signal)
    // Referenced only while it works: an idle engine must not keep this process alive.
    setReferenced(engine, true)
    try {
      return await this.#exchange(engine, request, signal)
    } finally {
      setReferenced(engine, false)
    }
  }

  #exchange(engine: ChildProcess, request: EngineRequest, signal: AbortSignal | undefined): Promise<EngineReply> {
    const { timeoutMs, memoryMb } = this.#options
    return new Promise<EngineReply>((resolve, reject) => {
      let settled = false
      const settle = (finish: () => void): void => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        engine.off('message', onMessage)
        engine.off('error', onError)
        engine.off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        finish()
      }
      const onMessage = (message: EngineMessage): void => {
        if (message.type === 'reply') settle(() => resolve(message.reply))
      }
      const onError = (error: Error): void => {
        this.#kill(engine)
        settle(() => reject(error))
      }
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null): void => {
        // V8 aborts the process when the heap limit is reached.
        if (exitSignal === 'SIGABRT') {
          const message = `The evaluation needed more than ${memoryMb} MB of memory and was stopped. Use smaller matrices.`
          return settle(() => resolve(limit('memoryMb', message)))
        }
        settle(() => reject(new Error(`The calculator engine exited unexpectedly (${exitSignal ?? `code ${code}`}).`)))
      }
      const onAbort = (): void => {
        this.#kill(engine)
        settle(() => reject(signal?.reason))
      }
      const timer = setTimeout(() => {
        this.#kill(engine)
        const message = `The evaluation took longer than ${timeoutMs / 1000} s and was stopped. Simplify the expression.`
        settle(() => resolve(limit('timeoutMs', message)))
      }, timeoutMs)
      engine.on('message', onMessage)
      engine.on('error', onError)
      engine.on('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      try {
        engine.send(request, (error) => {
          if (error !== null) onError(error)
        })
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)))
      }
    })
  }

  /** The running engine once it has loaded; starts one when there is none. */
  #start(): Promise<ChildProcess> {
    if (this.#ready !== undefined) return this.#ready
    const { engineUrl, memoryMb } = this.#options
    const engine = fork(fileURLToPath(engineUrl), [engineMarker], {
      execArgv: [`--max-old-space-size=${memoryMb}`, '--disallow-code-generation-from-strings'],
      env: {},
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    })
    // An engine that dies (killed, out of memory, crashed) is replaced on the next call. The 'error'
    // listener also keeps an error between calls from being thrown in this process.
    engine.on('error', () => this.#forget(engine))
    engine.on('exit', () => this.#forget(engine))
    const ready = new Promise<ChildProcess>((resolve, reject) => {
      let settled = false
      const settle = (finish: () => void): void => {
        if (settled) return
        settled = true
        engine.off('message', onMessage)
        engine.off('error', onError)
        engine.off('exit', onExit)
        finish()
      }
      const onMessage = (message: EngineMessage): void => {
        if (message.type !== 'ready') return
        // Started referenced so that a waiting call keeps this process alive; idle from here on.
        setReferenced(engine, false)
        settle(() => resolve(engine))
      }
      const onError = (error: Error): void => {
        this.#kill(engine)
        settle(() => reject(new Error('The calculator engine failed to start.', { cause: error })))
      }
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null): void => {
        settle(() =>
          reject(new Error(`The calculator engine exited while starting (${exitSignal ?? `code ${code}`}).`)),
        )
      }
      engine.on('message', onMessage)
      engine.on('error', onError)
      engine.on('exit', onExit)
    })
    this.#engine = engine
    this.#ready = ready
    return ready
  }

  #kill(engine: ChildProcess): void {
    this.#forget(engine)
    engine.kill('SIGKILL')
  }

  #forget(engine: ChildProcess): void {
    if (this.#engine !== engine) return
    this.#engine = undefined
    this.#ready = undefined
  }
}

/** Whether the engine's process and IPC channel keep this process's event loop alive. */
function setReferenced(engine: ChildProcess, referenced: boolean): void {
  if (referenced) {
    engine.ref()
    engine.channel?.ref()
  } else {
    engine.unref()
    engine.channel?.unref()
  }
}

/** `promise`, or a rejection with `signal.reason` when the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function limit(bound: EngineLimit, message: string): EngineReply {
  return { ok: false, kind: 'limit', limit: bound, message }
}
