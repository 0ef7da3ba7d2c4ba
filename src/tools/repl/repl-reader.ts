import { completeUtf8 } from '../../text/complete-utf8.js'
/** What the REPL server reports at the end of a call: the value of a final expression, or the error. */
export interface ReplFrame {
  readonly value?: string
  readonly error?: string
}

/** A call the server has finished: its frame and its output. */
export interface FinishedCall extends ReplFrame {
  readonly output: CallOutput
}

/** The output of one call, as text, capped. */
export interface CallOutput {
  readonly text: string
  /** Bytes the call wrote, kept or not. */
  readonly bytes: number
  /** Output beyond the cap was dropped. */
  readonly cut: boolean
}

/**
 * Splits a REPL process's merged output into calls. Each call has a fresh random mark; the server
 * writes a line break, the mark, a space and the call's frame as one JSON line after the call's
 * output. Code cannot guess the mark, so nothing it prints is read as a frame; output written
 * between calls (a timer, a child process) counts as the next call's. The first `limit` bytes of a
 * call's output are kept; the rest is counted and dropped, while the frame is still looked for.
 */
export class ReplReader {
  readonly #limit: number
  #kept: Buffer[] = []
  #keptBytes = 0
  #bytes = 0
  /** The line break and mark the current call's frame starts with. */
  #separator: Buffer | undefined
  /** Output not yet counted: it may be the start of the separator. */
  #tail: Buffer = Buffer.alloc(0)
  /** The frame's bytes once the separator was seen, until its line break. */
  #frame: Buffer[] | undefined

  constructor(limit: number) {
    this.#limit = limit
  }

  /** Starts a call whose frame follows `mark`. */
  expect(mark: string): void {
    this.#separator = Buffer.from(`\n${mark} `)
    this.#frame = undefined
  }

  /** Takes output in; returns the current call, with its output, when this chunk completes its frame. */
  push(chunk: Buffer): FinishedCall | undefined {
    const separator = this.#separator
    if (separator === undefined) {
      this.#keep(chunk)
      return undefined
    }
    if (this.#frame !== undefined) return this.#pushFrame(chunk)
    const data = this.#tail.length === 0 ? chunk : Buffer.concat([this.#tail, chunk])
    const at = data.indexOf(separator)
    if (at < 0) {
      const held = Math.min(data.length, separator.length - 1)
      this.#keep(data.subarray(0, data.length - held))
      this.#tail = Buffer.from(data.subarray(data.length - held))
      return undefined
    }
    this.#keep(data.subarray(0, at))
    this.#tail = Buffer.alloc(0)
    this.#frame = []
    return this.#pushFrame(data.subarray(at + separator.length))
  }

  /** The output since the last take (the current call's so far, or between calls), and starts anew. */
  take(): CallOutput {
    this.#keep(this.#tail)
    this.#tail = Buffer.alloc(0)
    const bytes = Buffer.concat(this.#kept)
    const cut = this.#bytes > this.#keptBytes
    const output = { text: new TextDecoder().decode(cut ? completeUtf8(bytes) : bytes), bytes: this.#bytes, cut }
    this.#kept = []
    this.#keptBytes = 0
    this.#bytes = 0
    return output
  }

  #pushFrame(chunk: Buffer): FinishedCall | undefined {
    const frame = this.#frame ?? []
    const end = chunk.indexOf(0x0a)
    if (end < 0) {
      frame.push(Buffer.from(chunk))
      this.#frame = frame
      return undefined
    }
    frame.push(chunk.subarray(0, end))
    this.#frame = undefined
    this.#separator = undefined
    const output = this.take()
    this.#keep(chunk.subarray(end + 1))
    return { ...parseFrame(Buffer.concat(frame).toString('utf8')), output }
  }

  #keep(bytes: Buffer): void {
    if (bytes.length === 0) return
    this.#bytes += bytes.length
    const room = this.#limit - this.#keptBytes
    if (room <= 0) return
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes
    this.#kept.push(Buffer.from(kept))
    this.#keptBytes += kept.length
  }
}

function parseFrame(line: string): ReplFrame {
  try {
    const parsed: unknown = JSON.parse(line)
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object')
    const { value, error } = parsed as Record<string, unknown>
    return {
      ...(typeof value === 'string' && { value }),
      ...(typeof error === 'string' && { error }),
    }
  } catch {
    return { error: `The REPL sent a result that could not be read: ${line.slice(0, 200)}` }
  }
}
