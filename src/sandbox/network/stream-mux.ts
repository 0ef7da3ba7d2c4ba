import { Duplex } from 'node:stream'
import type { MuxFrame } from './mux-frames.js'
import { encodeFrame, FrameDecoder, MAX_DATA_PAYLOAD, MuxProtocolError } from './mux-frames.js'

/** How one end of a multiplexed carrier behaves. */
export interface StreamMuxOptions {
  /**
   * Which ids this end gives the streams it opens: `client` odd, `server` even, so both ends may
   * open streams without their ids colliding. The two ends must take different roles.
   */
  readonly role: 'client' | 'server'
  /** Receives each stream the peer opens. Without it, streams the peer opens are reset at once. */
  readonly onStream?: (stream: Duplex) => void
  /**
   * Data bytes a stream may send before its reader gives credit back, and so the most a stream
   * buffers for a reader that does not read. Both ends must use the same value; 256 KiB by default.
   */
  readonly windowBytes?: number
  /** Most streams opened by the peer that may be open at once; more are reset. 1024 by default. */
  readonly maxIncomingStreams?: number
}

/** One end of a carrier that holds many byte streams. */
export interface StreamMux {
  /**
   * Opens a new stream to the peer. Once the mux is closed the stream comes back destroyed with
   * an error.
   */
  openStream(): Duplex
  /**
   * Destroys the carrier and every stream: with `error` when given (as when the carrier fails),
   * else without one, so the streams just close.
   */
  close(error?: Error): void
  /** True once the carrier ended, failed or was closed; no stream works after that. */
  readonly closed: boolean
  /** How many streams are open now. */
  readonly streamCount: number
}

const DEFAULT_WINDOW = 256 * 1024
const MAX_STREAM_ID = 0xffffffff

/**
 * Carries many byte streams over one Duplex (a socket, a pipe) with the frames of `mux-frames.ts`.
 * Each stream is a Duplex of its own: writes become data frames, `end()` a half-close the peer
 * reads as end of stream, `destroy()` a reset of both directions.
 *
 * Flow control is per stream and credit-based: a writer sends at most `windowBytes` that its peer
 * has not yet credited back, and a reader credits bytes back only once its consumer has taken them
 * out of the stream's buffer. So a slow reader holds up its own stream alone and never makes the
 * other end buffer more than the window. A peer that sends past the window gets that stream
 * reset; frames that break the framing close the whole mux, since the byte stream can no longer be
 * trusted.
 *
 * When the carrier ends, fails or is closed, every open stream is destroyed with an error.
 */
export function createStreamMux(carrier: Duplex, options: StreamMuxOptions): StreamMux {
  return new Mux(carrier, options)
}

class Mux implements StreamMux {
  readonly window: number
  readonly #carrier: Duplex
  readonly #options: StreamMuxOptions
  readonly #streams = new Map<number, MuxStream>()
  readonly #decoder = new FrameDecoder()
  #nextId: number
  #closed = false
  #closeError: Error | undefined
  #drainWaiters: (() => void)[] = []
  #needsDrain = false

  constructor(carrier: Duplex, options: StreamMuxOptions) {
    this.#carrier = carrier
    this.#options = options
    this.window = options.windowBytes ?? DEFAULT_WINDOW
    this.#nextId = options.role === 'client' ? 1 : 2
    carrier.on('data', (chunk: Buffer) => this.#receive(chunk))
    carrier.on('drain', () => this.#drained())
    carrier.once('end', () => this.close(new Error('the carrier of the streams ended')))
    carrier.once('close', () => this.close(new Error('the carrier of the streams closed')))
    carrier.on('error', (error: Error) => this.close(new Error('the carrier of the streams failed', { cause: error })))
  }

  get closed(): boolean {
    return this.#closed
  }

  get streamCount(): number {
    return this.#streams.size
  }

  /** Writes a frame to the carrier; frames after close are dropped. */
  send(frame: MuxFrame): void {
    if (this.#closed) return
    if (!this.#carrier.write(encodeFrame(frame))) this.#needsDrain = true
  }

  /** Calls `callback` once the carrier has room again (at once when it has). */
  whenDrained(callback: () => void): void {
    if (!this.#needsDrain || this.#closed) callback()
    else this.#drainWaiters.push(callback)
  }

  forget(id: number): void {
    this.#streams.delete(id)
  }

  close(error?: Error): void {
    if (this.#closed) return
    this.#closed = true
    this.#closeError = error ?? new Error('the stream multiplexer was closed')
    for (const stream of this.#streams.values()) stream.destroy(error)
    this.#streams.clear()
    this.#drainWaiters = []
    this.#carrier.destroy()
  }

  openStream(): Duplex {
    const id = this.#nextId
    const stream = new MuxStream(this, id)
    if (this.#closed || id > MAX_STREAM_ID) {
      stream.destroy(this.#closed ? this.#closeError : new Error('no stream ids are left on this carrier'))
      return stream
    }
    this.#nextId += 2
    this.#streams.set(id, stream)
    this.send({ type: 'open', id })
    return stream
  }

  #drained(): void {
    this.#needsDrain = false
    const waiters = this.#drainWaiters
    this.#drainWaiters = []
    for (const waiter of waiters) waiter()
  }

  #receive(chunk: Buffer): void {
    if (this.#closed) return
    let frames: MuxFrame[]
    try {
      frames = this.#decoder.push(chunk)
    } catch (error) {
      this.close(error as Error)
      return
    }
    for (const frame of frames) {
      if (this.#closed) return
      this.#dispatch(frame)
    }
  }

  #dispatch(frame: MuxFrame): void {
    if (frame.type === 'open') return this.#accept(frame.id)
    const stream = this.#streams.get(frame.id)
    // Frames for a stream already gone are late (sent before the peer saw its end or reset).
    if (stream === undefined) return
    switch (frame.type) {
      case 'data':
        return stream.receiveData(frame.data)
      case 'end':
        return stream.receiveEnd()
      case 'reset':
        return stream.receiveReset(frame.reason)
      case 'window':
        return stream.receiveWindow(frame.bytes)
    }
  }

  #accept(id: number): void {
    const ownParity = this.#options.role === 'client' ? 1 : 0
    if (id % 2 === ownParity || id === 0 || this.#streams.has(id)) {
      this.close(new MuxProtocolError(`the peer opened stream ${id}, which it may not open`))
      return
    }
    const { onStream, maxIncomingStreams = 1024 } = this.#options
    const incoming = [...this.#streams.keys()].filter((key) => key % 2 !== ownParity).length
    if (onStream === undefined || incoming >= maxIncomingStreams) {
      this.send({ type: 'reset', id, reason: onStream === undefined ? 'refused' : 'refused: too many streams' })
      return
    }
    const stream = new MuxStream(this, id)
    this.#streams.set(id, stream)
    onStream(stream)
  }
}

/**
 * One stream of a mux. It remembers which ends it has sent and received, so that closing after a
 * clean finish in both directions sends nothing, and any other destroy sends a reset.
 */
class MuxStream extends Duplex {
  readonly #mux: Mux
  readonly #id: number
  /** Data bytes the peer may still send before we credit more. */
  #receiveCredit: number
  #received = 0
  #credited = 0
  /** Data bytes we may still send. */
  #sendCredit: number
  #pending: { data: Buffer; callback: (error?: Error | null) => void } | undefined
  #endReceived = false
  #endSent = false
  #resetReceived = false
  #creditScheduled = false

  constructor(mux: Mux, id: number) {
    // Byte streams; the readable buffer must stay well below the window (see #creditConsumed).
    super({ allowHalfOpen: true, readableHighWaterMark: Math.min(64 * 1024, mux.window / 4) })
    this.#mux = mux
    this.#id = id
    this.#receiveCredit = mux.window
    this.#sendCredit = mux.window
  }

  receiveData(data: Buffer): void {
    if (this.#endReceived || data.length > this.#receiveCredit) {
      const reason = this.#endReceived ? 'data after end of stream' : 'the peer sent past its window'
      this.destroy(new MuxProtocolError(reason))
      return
    }
    this.#receiveCredit -= data.length
    this.#received += data.length
    this.push(data)
  }

  receiveEnd(): void {
    if (this.#endReceived) return
    this.#endReceived = true
    this.push(null)
  }

  receiveReset(reason: string): void {
    this.#resetReceived = true
    this.destroy(new Error(`the stream was reset by the peer: ${reason}`))
  }

  receiveWindow(bytes: number): void {
    this.#sendCredit += bytes
    this.#flush()
  }

  override _read(): void {
    // Called before read() takes bytes out of the buffer; the credit is counted once it has.
    if (this.#creditScheduled) return
    this.#creditScheduled = true
    process.nextTick(() => {
      this.#creditScheduled = false
      this.#creditConsumed()
    })
  }

  /**
   * Credits back the bytes the consumer has taken, in batches of a quarter window so that credit
   * frames stay few. This cannot stall: _read runs whenever the buffer falls below the high-water
   * mark, which is at most a quarter window, so a writer that has used up its window always has at
   * least three quarters of it consumed by then.
   */
  #creditConsumed(): void {
    if (this.destroyed || this.#endReceived) return
    const consumed = this.#received - this.readableLength - this.#credited
    if (consumed < this.#mux.window / 4) return
    this.#credited += consumed
    this.#receiveCredit += consumed
    this.#mux.send({ type: 'window', id: this.#id, bytes: consumed })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#pending = { data: chunk, callback }
    this.#flush()
  }

  #flush(): void {
    const pending = this.#pending
    if (pending === undefined || this.destroyed) return
    while (pending.data.length > 0 && this.#sendCredit > 0) {
      const size = Math.min(pending.data.length, this.#sendCredit, MAX_DATA_PAYLOAD)
      this.#mux.send({ type: 'data', id: this.#id, data: pending.data.subarray(0, size) })
      pending.data = pending.data.subarray(size)
      this.#sendCredit -= size
    }
    if (pending.data.length > 0) return
    this.#pending = undefined
    this.#mux.whenDrained(() => pending.callback())
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#endSent = true
    this.#mux.send({ type: 'end', id: this.#id })
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#pending = undefined
    const clean = this.#endSent && this.#endReceived
    if (!clean && !this.#resetReceived && !this.#mux.closed)
      this.#mux.send({ type: 'reset', id: this.#id, reason: error?.message ?? 'closed' })
    this.#mux.forget(this.#id)
    callback(error)
  }
}
