import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { EngineCommand, EngineMarker, EngineMessage, EngineReply, EngineRequest } from './shell-protocol.js'

/** How a {@link ShellRunner} starts, keeps and stops its engines. */
export interface ShellRunnerOptions {
  /** The engine module (`shell-engine.ts` from source, `shell-engine.js` once built). */
  readonly engineUrl: URL
  /** Extra Node options for the engine, e.g. a loader when it runs from TypeScript source. */
  readonly execArgv?: readonly string[]
  /** Heap an engine may use (`--max-old-space-size`); past it the engine dies and the call fails. */
  readonly memoryMb: number
  /** How long a timed-out command has to stop by itself (and report its output) before its engine is killed. */
  readonly stopGraceMs: number
  /** Engines kept warm between calls, and for how long. */
  readonly maxIdle: number
  readonly idleMs: number
}

/** How a run ended. */
export type RunOutcome =
  | { readonly status: 'finished'; readonly reply: EngineReply }
  /** The request's time ran out; `reply` holds the output when the command stopped in time to report it. */
  | { readonly status: 'timeout'; readonly reply?: EngineReply }
  | { readonly status: 'cancelled' }
  /** The engine died or could not start; `outOfMemory` when V8 ran out of heap. */
  | { readonly status: 'crashed'; readonly outOfMemory: boolean; readonly detail: string }

interface Engine {
  readonly child: ChildProcess
  readonly ready: Promise<void>
  idleTimer?: NodeJS.Timeout
}

const engineMarker: EngineMarker = '--toolhost-shell-engine'

/**
 * Runs shell commands in engine processes. just-bash interprets a script on the calling thread
 * without yielding between most commands, so a loop would freeze this process and its timers, and a
 * script can ask for any amount of memory: a separate process is the unit of containment. Each call
 * has an engine to itself (concurrent calls of different invocations do not wait for each other).
 * At the call's limit the engine is asked to stop; if it does not answer within the grace it is
 * killed. Cancellation kills it at once. Engines that finished cleanly are kept warm for the next
 * call, unreferenced so they never keep this process alive; they exit with it.
 */
export class ShellRunner {
  readonly #options: ShellRunnerOptions
  readonly #idle: Engine[] = []

  constructor(options: ShellRunnerOptions) {
    this.#options = options
  }

  /** Runs one request. Never rejects. */
  async run(request: EngineRequest, signal: AbortSignal): Promise<RunOutcome> {
    if (signal.aborted) return { status: 'cancelled' }
    let engine: Engine | undefined
    let outcome: RunOutcome
    try {
      engine = this.#idle.pop() ?? this.#start()
      clearTimeout(engine.idleTimer)
      setReferenced(engine.child, true)
      await untilAborted(engine.ready, signal)
      outcome = await this.#exchange(engine, request, signal)
    } catch (error) {
      outcome = signal.aborted
        ? { status: 'cancelled' }
        : { status: 'crashed', outOfMemory: false, detail: error instanceof Error ? error.message : String(error) }
    }
    if (engine !== undefined) {
      if (outcome.status === 'finished') this.#release(engine)
      else kill(engine)
    }
    return outcome
  }

  #exchange(engine: Engine, request: EngineRequest, signal: AbortSignal): Promise<RunOutcome> {
    const { child } = engine
    return new Promise<RunOutcome>((resolve) => {
      let timedOut = false
      let grace: NodeJS.Timeout | undefined
      const finish = (outcome: RunOutcome): void => {
        clearTimeout(deadline)
        clearTimeout(grace)
        child.off('message', onMessage)
        child.off('exit', onExit)
        signal.removeEventListener('abort', onAbort)
        resolve(outcome)
      }
      const onMessage = (message: EngineMessage): void => {
        if (message.type === 'reply')
          finish(timedOut ? { status: 'timeout', reply: message.reply } : { status: 'finished', reply: message.reply })
      }
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null): void => {
        // V8 aborts the process when the heap limit is reached.
        if (timedOut) finish({ status: 'timeout' })
        else
          finish({
            status: 'crashed',
            outOfMemory: exitSignal === 'SIGABRT' || code === 134,
            detail: `the engine exited (${exitSignal ?? `code ${code}`})`,
          })
      }
      const onAbort = (): void => finish({ status: 'cancelled' })
      const deadline = setTimeout(() => {
        timedOut = true
        // A script that yields (sleep, a runtime, I/O) stops at once and reports its output so far; a
        // busy loop never reads this message, so the grace decides.
        send(child, { type: 'abort' })
        grace = setTimeout(() => finish({ status: 'timeout' }), this.#options.stopGraceMs)
      }, request.timeoutMs)
      child.on('message', onMessage)
      child.on('exit', onExit)
      signal.addEventListener('abort', onAbort, { once: true })
      send(child, { type: 'run', request }, (error) =>
        finish({ status: 'crashed', outOfMemory: false, detail: error.message }),
      )
    })
  }

  /** A new engine; `ready` settles once it has loaded just-bash. */
  #start(): Engine {
    const { engineUrl, execArgv = [], memoryMb } = this.#options
    const child = fork(fileURLToPath(engineUrl), [engineMarker], {
      execArgv: [...execArgv, `--max-old-space-size=${memoryMb}`, '--disallow-code-generation-from-strings'],
      env: {},
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    })
    const engine: Engine = {
      child,
      ready: new Promise<void>((resolve, reject) => {
        const onMessage = (message: EngineMessage): void => {
          if (message.type !== 'ready') return
          child.off('message', onMessage)
          resolve()
        }
        child.on('message', onMessage)
        child.once('error', (error) => reject(new Error(`the engine failed to start: ${error.message}`)))
        child.once('exit', (code, exitSignal) =>
          reject(new Error(`the engine exited while starting (${exitSignal ?? `code ${code}`})`)),
        )
      }),
    }
    // Keeps a late error from being thrown here, and drops an engine that dies while idle.
    engine.ready.catch(() => undefined)
    child.on('error', () => undefined)
    child.once('exit', () => {
      const index = this.#idle.indexOf(engine)
      if (index >= 0) this.#idle.splice(index, 1)
    })
    return engine
  }

  #release(engine: Engine): void {
    if (this.#idle.length >= this.#options.maxIdle) return kill(engine)
    setReferenced(engine.child, false)
    engine.idleTimer = setTimeout(() => {
      const index = this.#idle.indexOf(engine)
      if (index >= 0) this.#idle.splice(index, 1)
      kill(engine)
    }, this.#options.idleMs)
    engine.idleTimer.unref()
    this.#idle.push(engine)
  }
}

function kill(engine: Engine): void {
  clearTimeout(engine.idleTimer)
  if (engine.child.exitCode === null && engine.child.signalCode === null) engine.child.kill('SIGKILL')
}

function send(child: ChildProcess, command: EngineCommand, onError?: (error: Error) => void): void {
  try {
    child.send(command, (error) => {
      if (error !== null) onError?.(error)
    })
  } catch (error) {
    onError?.(error instanceof Error ? error : new Error(String(error)))
  }
}

/** Whether the engine's process and IPC channel keep this process's event loop alive. */
function setReferenced(child: ChildProcess, referenced: boolean): void {
  if (referenced) {
    child.ref()
    child.channel?.ref()
  } else {
    child.unref()
    child.channel?.unref()
  }
}

/** `promise`, or a rejection with `signal.reason` when the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
