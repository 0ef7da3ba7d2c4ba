/** The part of a process stream the CLI writes to. */
export interface WritableOutput {
  write(text: string): unknown
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown
}

/**
 * One of the process's output streams, guarded: once its reader has gone (`EPIPE`, as when piped
 * into `head -1`) or writing fails otherwise, later writes are dropped and {@link closed} is aborted,
 * so that the command can end quietly instead of dying on an unhandled stream error.
 */
export class ProcessOutput {
  readonly #stream: WritableOutput
  readonly #controller = new AbortController()
  #listening = false
  #failure: NodeJS.ErrnoException | undefined

  readonly #onClosed: ((failure: NodeJS.ErrnoException | undefined) => void) | undefined

  /** `onClosed` runs once, when writing stops. */
  constructor(stream: WritableOutput, onClosed?: (failure: NodeJS.ErrnoException | undefined) => void) {
    this.#stream = stream
    this.#onClosed = onClosed
  }

  /** Aborted once the stream can no longer be written. */
  get closed(): AbortSignal {
    this.#listen()
    return this.#controller.signal
  }

  /** Why writing stopped, when it was not the reader going away. */
  get failure(): NodeJS.ErrnoException | undefined {
    return this.#failure
  }

  write(text: string): void {
    if (this.#controller.signal.aborted) return
    this.#listen()
    this.#stream.write(text)
  }

  // The listener is added on first use, so that importing the CLI adds nothing to the process's streams.
  #listen(): void {
    if (this.#listening) return
    this.#listening = true
    this.#stream.on('error', (error) => {
      if (this.#controller.signal.aborted) return
      if (!isReaderGone(error)) this.#failure = error
      this.#controller.abort(error)
      this.#onClosed?.(this.#failure)
    })
  }
}

/** The reader closed the pipe, or the stream was already torn down because of that. */
export function isReaderGone(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED'
}
