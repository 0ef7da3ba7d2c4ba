import type { SandboxedProcess } from './run-sandboxed.js'

/** How a command that was waited for ended. */
export type CollectedRun =
  | { readonly status: 'exited'; readonly exitCode: number; readonly output: Buffer; readonly sandboxError?: string }
  | { readonly status: 'timeout' | 'cancelled' | 'output_limit'; readonly output: Buffer }

/** What {@link collectOutput} waits for. */
export interface CollectOptions {
  readonly timeoutMs: number
  readonly signal?: AbortSignal
  /** Output beyond this stops the command (a flood would fill memory); the first bytes are kept. */
  readonly maxOutputBytes: number
}

/**
 * Waits for a sandboxed command and gathers its output. A time-out, an abort or output beyond the
 * limit kills it and everything it started; the output so far is kept.
 */
export function collectOutput(run: SandboxedProcess, options: CollectOptions): Promise<CollectedRun> {
  const chunks: Buffer[] = []
  let size = 0
  let stopped: 'timeout' | 'cancelled' | 'output_limit' | undefined
  const stop = (why: NonNullable<typeof stopped>): void => {
    stopped ??= why
    run.kill()
  }
  run.output.on('data', (chunk: Buffer) => {
    if (stopped !== undefined) return
    const room = options.maxOutputBytes - size
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
    size += Math.min(chunk.length, room)
    if (chunk.length > room) stop('output_limit')
  })
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs)
  const onAbort = (): void => stop('cancelled')
  if (options.signal?.aborted === true) onAbort()
  options.signal?.addEventListener('abort', onAbort, { once: true })
  return run.exit.then((exit) => {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
    const output = Buffer.concat(chunks)
    if (stopped !== undefined) return { status: stopped, output }
    return {
      status: 'exited',
      exitCode: exit.exitCode,
      output,
      ...(exit.sandboxError !== undefined && { sandboxError: exit.sandboxError }),
    }
  })
}
