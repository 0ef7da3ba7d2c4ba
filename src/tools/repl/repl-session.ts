import { randomBytes } from 'node:crypto'
import type { SandboxedProcess, SandboxExit } from '../../sandbox/run-sandboxed.js'
import { ReplReader, type CallOutput } from './repl-reader.js'

/** How one evaluation ended. */
export type ReplOutcome =
  | { readonly kind: 'done'; readonly output: CallOutput; readonly value?: string; readonly error?: string }
  | { readonly kind: 'timeout' | 'cancelled'; readonly output: CallOutput }
  | { readonly kind: 'ended'; readonly output: CallOutput; readonly exit: SandboxExit }

/** What {@link ReplSession.evaluate} waits for. */
export interface EvaluateOptions {
  readonly timeoutMs: number
  readonly signal?: AbortSignal
}

/**
 * One long-lived REPL server process in the sandbox (see `javascript-server.ts`): sends it code,
 * one call at a time, and reads the call's output and frame. A time-out or an abort kills the
 * process, and with it the state; so does anything that ends it (memory, `exit()`).
 */
export class ReplSession {
  readonly #process: SandboxedProcess
  readonly #reader: ReplReader
  #exit: SandboxExit | undefined
  /** Killed: its state is gone even while it is still ending. */
  #killed = false
  #settle: ((outcome: ReplOutcome) => void) | undefined
  #queue: Promise<unknown> = Promise.resolve()

  constructor(process: SandboxedProcess, outputLimit: number) {
    this.#process = process
    this.#reader = new ReplReader(outputLimit)
    process.output.on('data', (chunk: Buffer) => {
      const finished = this.#reader.push(chunk)
      if (finished === undefined) return
      const { output, value, error } = finished
      this.#settle?.({
        kind: 'done',
        output,
        ...(value !== undefined && { value }),
        ...(error !== undefined && { error }),
      })
    })
    void process.exit.then((exit) => {
      this.#exit = exit
      this.#settle?.({ kind: 'ended', output: this.#reader.take(), exit })
    })
  }

  /** Whether the process still runs. */
  get alive(): boolean {
    return this.#exit === undefined && !this.#killed
  }

  /** Runs `code`, after the calls before it. */
  evaluate(code: string, options: EvaluateOptions): Promise<ReplOutcome> {
    const result = this.#queue.then(() => this.#evaluateNow(code, options))
    this.#queue = result.catch(() => undefined)
    return result
  }

  /** Kills the process and waits for it to end. */
  async stop(): Promise<void> {
    this.#kill()
    await this.#process.exit
  }

  #kill(): void {
    this.#killed = true
    this.#process.kill()
  }

  #evaluateNow(code: string, options: EvaluateOptions): Promise<ReplOutcome> {
    const exit = this.#exit
    if (exit !== undefined) return Promise.resolve({ kind: 'ended', output: this.#reader.take(), exit })
    return new Promise((resolve) => {
      let stopping: 'timeout' | 'cancelled' | undefined
      const stop = (why: 'timeout' | 'cancelled'): void => {
        stopping ??= why
        this.#kill()
      }
      const timer = setTimeout(() => stop('timeout'), options.timeoutMs)
      const onAbort = (): void => stop('cancelled')
      this.#settle = (outcome) => {
        this.#settle = undefined
        clearTimeout(timer)
        options.signal?.removeEventListener('abort', onAbort)
        resolve(stopping === undefined ? outcome : { kind: stopping, output: outcome.output })
      }
      const mark = `--repl-${randomBytes(16).toString('hex')}--`
      this.#reader.expect(mark)
      this.#process.stdin?.write(`${JSON.stringify({ code, mark })}\n`)
      if (options.signal?.aborted === true) onAbort()
      options.signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
}
