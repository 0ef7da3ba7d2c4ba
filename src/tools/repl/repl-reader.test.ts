import { describe, expect, it } from 'vitest'
import { ReplReader } from './repl-reader.js'

const mark = '--repl-0123--'
const frame = (json: string) => Buffer.from(`\n${mark} ${json}\n`)

describe('ReplReader splits output into calls', () => {
  it('returns the output and the frame, even when the separator is split across chunks', () => {
    const reader = new ReplReader(1024)
    reader.expect(mark)
    const whole = Buffer.concat([Buffer.from('one\ntwo'), frame('{"value":"42"}')])
    const results = [...whole].map((byte) => reader.push(Buffer.from([byte])))
    expect(results.slice(0, -1).every((each) => each === undefined)).toBe(true)
    expect(results.at(-1)).toEqual({ value: '42', output: { text: 'one\ntwo', bytes: 7, cut: false } })
  })

  it('takes text that looks like a frame of another mark as output', () => {
    const reader = new ReplReader(1024)
    reader.expect(mark)
    const fake = '\n--repl-9999-- {"value":"fake"}\n'
    const finished = reader.push(Buffer.concat([Buffer.from(fake), frame('{}')]))
    expect(finished).toEqual({ output: { text: fake, bytes: fake.length, cut: false } })
  })

  it('keeps output after a frame, and between calls, for the next call', () => {
    const reader = new ReplReader(1024)
    reader.expect(mark)
    expect(reader.push(Buffer.concat([frame('{"error":"boom"}'), Buffer.from('late ')]))).toMatchObject({
      error: 'boom',
      output: { text: '' },
    })
    reader.push(Buffer.from('timer\n'))
    reader.expect(mark)
    expect(reader.push(frame('{}'))?.output.text).toBe('late timer\n')
  })

  it('caps the output of a call and still finds its frame', () => {
    const reader = new ReplReader(10)
    reader.expect(mark)
    reader.push(Buffer.from('é'.repeat(20)))
    expect(reader.push(frame('{"value":"1"}'))).toEqual({
      value: '1',
      output: { text: 'ééééé', bytes: 40, cut: true },
    })
  })

  it('reads a frame it cannot parse as an error', () => {
    const reader = new ReplReader(10)
    reader.expect(mark)
    expect(reader.push(frame('not json'))?.error).toContain('could not be read')
  })
})
