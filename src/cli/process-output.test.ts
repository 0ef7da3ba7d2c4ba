import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { closedOutputCode, exitCodes } from './cli-io.js'
import { ProcessOutput } from './process-output.js'

/** A stream that records writes and can fail like a process stream. */
class FakeStream extends EventEmitter {
  written = ''
  write(text: string): boolean {
    this.written += text
    return true
  }
  fail(code: string): void {
    this.emit('error', Object.assign(new Error(`write ${code}`), { code }))
  }
}

describe('ProcessOutput', () => {
  it('drops writes once the reader has gone, and says so once', () => {
    const stream = new FakeStream()
    const closings: unknown[] = []
    const output = new ProcessOutput(stream, (failure) => closings.push(failure))
    output.write('a')
    stream.fail('EPIPE')
    stream.fail('ERR_STREAM_DESTROYED')
    output.write('b')
    expect(stream.written).toBe('a')
    expect(closings).toEqual([undefined])
    expect(output.closed.aborted).toBe(true)
    expect(closedOutputCode(output.closed)).toBe(exitCodes.brokenPipe)
  })

  it('reports other write failures as failures', () => {
    const stream = new FakeStream()
    const output = new ProcessOutput(stream)
    output.write('a')
    stream.fail('ENOSPC')
    expect(output.failure?.code).toBe('ENOSPC')
    expect(closedOutputCode(output.closed)).toBe(exitCodes.failed)
  })

  it('adds no listener until it is used', () => {
    const stream = new FakeStream()
    const output = new ProcessOutput(stream)
    expect(stream.listenerCount('error')).toBe(0)
    expect(output.closed.aborted).toBe(false)
    expect(stream.listenerCount('error')).toBe(1)
  })
})
