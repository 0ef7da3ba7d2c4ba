import { describe, expect, it } from 'vitest'
import { encodeFrame, FrameDecoder, MAX_DATA_PAYLOAD, type MuxFrame, MuxProtocolError } from './mux-frames.js'

const frames: MuxFrame[] = [
  { type: 'open', id: 1 },
  { type: 'data', id: 1, data: Buffer.from('hello') },
  { type: 'window', id: 2, bytes: 65536 },
  { type: 'data', id: 3, data: Buffer.alloc(MAX_DATA_PAYLOAD, 9) },
  { type: 'end', id: 1 },
  { type: 'reset', id: 0xffffffff, reason: 'gone' },
]

describe('FrameDecoder', () => {
  it('decodes frames however the bytes are cut', () => {
    const bytes = Buffer.concat(frames.map(encodeFrame))
    for (const cut of [1, 7, 9, 1000, bytes.length]) {
      const decoder = new FrameDecoder()
      const decoded: MuxFrame[] = []
      for (let start = 0; start < bytes.length; start += cut)
        decoded.push(...decoder.push(bytes.subarray(start, start + cut)))
      expect(decoded).toEqual(frames)
    }
  })

  it('refuses unknown types and payloads longer than their type allows', () => {
    const unknown = Buffer.from([7, 0, 0, 0, 1, 0, 0, 0, 0])
    expect(() => new FrameDecoder().push(unknown)).toThrow(MuxProtocolError)
    const tooLong = encodeFrame({ type: 'data', id: 1, data: Buffer.alloc(MAX_DATA_PAYLOAD) })
    tooLong.writeUInt32BE(MAX_DATA_PAYLOAD + 1, 5)
    // The header alone is enough to refuse: the decoder never waits for (or buffers) such a payload.
    expect(() => new FrameDecoder().push(tooLong.subarray(0, 9))).toThrow(/payload bytes/)
    const shortWindow = Buffer.from([4, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0])
    expect(() => new FrameDecoder().push(shortWindow)).toThrow(MuxProtocolError)
  })

  it('cuts a long reset reason', () => {
    const [frame] = new FrameDecoder().push(encodeFrame({ type: 'reset', id: 1, reason: 'x'.repeat(2000) }))
    expect(frame).toEqual({ type: 'reset', id: 1, reason: 'x'.repeat(512) })
  })
})
