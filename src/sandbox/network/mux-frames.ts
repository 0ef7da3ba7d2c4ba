/**
 * The frames of the stream multiplexer. Each frame is a 9-byte header — type (1 byte), stream id
 * (4 bytes, big-endian), payload length (4 bytes, big-endian) — and the payload:
 *
 * - `open`: a new stream with this id; no payload.
 * - `data`: bytes of the stream, at most {@link MAX_DATA_PAYLOAD} per frame.
 * - `end`: the sender will write no more on this stream (half-close); no payload.
 * - `reset`: the stream is aborted in both directions; the payload is a short UTF-8 reason.
 * - `window`: the sender may send this many more data bytes on the stream (a 4-byte count).
 */
export type MuxFrame =
  | { readonly type: 'open'; readonly id: number }
  | { readonly type: 'data'; readonly id: number; readonly data: Buffer }
  | { readonly type: 'end'; readonly id: number }
  | { readonly type: 'reset'; readonly id: number; readonly reason: string }
  | { readonly type: 'window'; readonly id: number; readonly bytes: number }

/** The largest data payload one frame carries; longer writes are split. */
export const MAX_DATA_PAYLOAD = 64 * 1024
const MAX_REASON_BYTES = 512
const HEADER_BYTES = 9
const typeCodes = { open: 0, data: 1, end: 2, reset: 3, window: 4 } as const

/** Encodes one frame. A reset reason is cut to 512 bytes. */
export function encodeFrame(frame: MuxFrame): Buffer {
  const payload = payloadOf(frame)
  const bytes = Buffer.allocUnsafe(HEADER_BYTES + payload.length)
  bytes.writeUInt8(typeCodes[frame.type], 0)
  bytes.writeUInt32BE(frame.id, 1)
  bytes.writeUInt32BE(payload.length, 5)
  payload.copy(bytes, HEADER_BYTES)
  return bytes
}

function payloadOf(frame: MuxFrame): Buffer {
  switch (frame.type) {
    case 'data':
      return frame.data
    case 'reset':
      return Buffer.from(frame.reason, 'utf8').subarray(0, MAX_REASON_BYTES)
    case 'window': {
      const count = Buffer.allocUnsafe(4)
      count.writeUInt32BE(frame.bytes, 0)
      return count
    }
    default:
      return Buffer.alloc(0)
  }
}

/** The peer broke the framing: an unknown type, a payload too long or of the wrong size. */
export class MuxProtocolError extends Error {
  override readonly name = 'MuxProtocolError'
}

/**
 * Reassembles frames from the chunks a byte stream delivers, however they are cut. Chunks are kept
 * as they arrive and copied once per frame, so a large frame arriving in small pieces costs no more
 * than its size.
 */
export class FrameDecoder {
  #chunks: Buffer[] = []
  #buffered = 0

  /**
   * Takes the next chunk and returns every frame it completes.
   * @throws MuxProtocolError when the bytes cannot be frames of this protocol
   */
  push(chunk: Buffer): MuxFrame[] {
    this.#chunks.push(chunk)
    this.#buffered += chunk.length
    const frames: MuxFrame[] = []
    while (this.#buffered >= HEADER_BYTES) {
      const header = this.#peek(HEADER_BYTES)
      const code = header.readUInt8(0)
      const id = header.readUInt32BE(1)
      const length = header.readUInt32BE(5)
      checkLength(code, length)
      if (this.#buffered < HEADER_BYTES + length) break
      const frame = this.#take(HEADER_BYTES + length)
      frames.push(decode(code, id, frame.subarray(HEADER_BYTES)))
    }
    return frames
  }

  #peek(count: number): Buffer {
    const first = this.#chunks[0] as Buffer
    if (first.length >= count) return first
    const joined = Buffer.concat(this.#chunks)
    this.#chunks = [joined]
    return joined
  }

  #take(count: number): Buffer {
    const joined = this.#peek(count)
    const taken = joined.subarray(0, count)
    const rest = joined.subarray(count)
    this.#chunks.shift()
    if (rest.length > 0) this.#chunks.unshift(rest)
    this.#buffered -= count
    // A copy, so that a small frame does not keep a large chunk it came in alive.
    return Buffer.from(taken)
  }
}

function checkLength(code: number, length: number): void {
  const limits = [0, MAX_DATA_PAYLOAD, 0, MAX_REASON_BYTES, 4]
  const limit = limits[code]
  if (limit === undefined) throw new MuxProtocolError(`unknown frame type ${code}`)
  if (length > limit || (code === typeCodes.window && length !== 4))
    throw new MuxProtocolError(`a frame of type ${code} with ${length} payload bytes`)
}

function decode(code: number, id: number, payload: Buffer): MuxFrame {
  switch (code) {
    case typeCodes.open:
      return { type: 'open', id }
    case typeCodes.data:
      return { type: 'data', id, data: payload }
    case typeCodes.end:
      return { type: 'end', id }
    case typeCodes.reset:
      return { type: 'reset', id, reason: payload.toString('utf8') }
    default:
      return { type: 'window', id, bytes: payload.readUInt32BE(0) }
  }
}
