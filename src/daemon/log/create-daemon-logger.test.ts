import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { createDaemonLogger } from './create-daemon-logger.js'

/** A console that takes each write only on a later turn of the event loop, as a pipe does. */
function slowConsole(): { stream: Writable; text: () => string } {
  const chunks: string[] = []
  const stream = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      setImmediate(() => {
        chunks.push(chunk.toString('utf8'))
        done()
      })
    },
  })
  return { stream, text: () => chunks.join('') }
}

const records = (dataDir: string, file = 'daemon.log') =>
  readFileSync(join(dataDir, 'logs', file), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('createDaemonLogger', () => {
  it('writes every record to the JSON file and to the console, with the correlation id of a child', async () => {
    const dataDir = tempDir()
    const out = slowConsole()
    const logger = createDaemonLogger({ dataDir, level: 'info', console: true, consoleStream: out.stream })
    const message = logger.child({ correlationId: 'msg_42' })
    message.info('reply delivered', { channel: 'http' })
    message.child({ consumer: 'send' }).error('callback failed', { err: new Error('connection refused\nat once') })
    logger.warn('queue is slow')
    logger.debug('not at this level')
    await logger.close()

    expect(records(dataDir)).toEqual([
      expect.objectContaining({ level: 30, msg: 'reply delivered', correlationId: 'msg_42', channel: 'http' }),
      expect.objectContaining({
        level: 50,
        msg: 'callback failed',
        correlationId: 'msg_42',
        consumer: 'send',
        err: expect.objectContaining({ type: 'Error', message: 'connection refused\nat once' }),
      }),
      expect.objectContaining({ level: 40, msg: 'queue is slow' }),
    ])
    expect(records(dataDir)[2]).not.toHaveProperty('correlationId')
    const time = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`
    const lines = out.text().split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(new RegExp(`^${time} INFO  reply delivered \\[msg_42\\]$`))
    expect(lines[1]).toMatch(new RegExp(`^${time} ERROR callback failed \\[msg_42\\] — connection refused ⏎ at once$`))
    expect(lines[2]).toMatch(new RegExp(`^${time} WARN  queue is slow$`))
    expect(lines[3]).toBe('')
    expect(String(records(dataDir)[0]?.time)).toMatch(new RegExp(`^${time}$`))
  })

  it('logs debug records at level debug, and only to the file without console', async () => {
    const dataDir = tempDir()
    const out = slowConsole()
    const logger = createDaemonLogger({ dataDir, level: 'debug', console: false, consoleStream: out.stream })
    logger.debug('claimed a job', { correlationId: 'c1' })
    await logger.close()
    expect(records(dataDir)).toEqual([
      expect.objectContaining({ level: 20, msg: 'claimed a job', correlationId: 'c1' }),
    ])
    expect(out.text()).toBe('')
  })

  it('rotates the file when the next record would pass the size limit, keeping maxFiles files', async () => {
    const dataDir = tempDir()
    const maxFileBytes = 1000
    const logger = createDaemonLogger({ dataDir, level: 'info', console: false, maxFileBytes, maxFiles: 3 })
    for (let n = 0; n < 40; n++) logger.child({ correlationId: `c${n}` }).info('tick', { n })
    await logger.close()

    expect(readdirSync(join(dataDir, 'logs')).sort()).toEqual(['daemon.1.log', 'daemon.2.log', 'daemon.log'])
    const [oldest, older, current] = ['daemon.2.log', 'daemon.1.log', 'daemon.log'].map((file) =>
      records(dataDir, file),
    )
    const sizes = ['daemon.2.log', 'daemon.1.log'].map((file) => readFileSync(join(dataDir, 'logs', file)).length)
    const recordBytes = readFileSync(join(dataDir, 'logs', 'daemon.log'), 'utf8').split('\n')[0]?.length ?? 0
    for (const size of sizes) {
      // Full: at most the limit, and the next record did not fit.
      expect(size).toBeLessThanOrEqual(maxFileBytes)
      expect(size + recordBytes + 1).toBeGreaterThan(maxFileBytes)
    }
    // The newest records, in order, with nothing lost between the files kept.
    const kept = [...(oldest ?? []), ...(older ?? []), ...(current ?? [])].map((r) => r.n)
    expect(kept.at(-1)).toBe(39)
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 40 - kept.length + i))
    expect(kept.length).toBeLessThan(40)
  })

  it('appends to the file of an earlier run and counts it towards the limit', async () => {
    const dataDir = tempDir()
    const first = createDaemonLogger({ dataDir, level: 'info', console: false, maxFiles: 2 })
    first.info('first run')
    await first.close()
    // Room for the first record and one more, whatever the host name adds to each.
    const maxFileBytes = Math.floor(readFileSync(join(dataDir, 'logs', 'daemon.log')).length * 2.5)
    const second = createDaemonLogger({ dataDir, level: 'info', console: false, maxFileBytes, maxFiles: 2 })
    second.info('second run')
    second.info('second run, once more')
    await second.close()
    const all = [...records(dataDir, 'daemon.1.log'), ...records(dataDir)].map((r) => r.msg)
    expect(all).toEqual(['first run', 'second run', 'second run, once more'])
    expect(records(dataDir).map((r) => r.msg)).toEqual(['second run, once more'])
  })

  it('has flushed every record to both outputs when close resolves, and drops records after', async () => {
    const dataDir = tempDir()
    const out = slowConsole()
    const logger = createDaemonLogger({ dataDir, level: 'info', console: true, consoleStream: out.stream })
    for (let n = 0; n < 200; n++) logger.info(`record ${n}`)
    await logger.close()
    expect(
      out
        .text()
        .split('\n')
        .filter((line) => line !== ''),
    ).toHaveLength(200)
    expect(out.text()).toContain('INFO  record 199\n')
    expect(records(dataDir)).toHaveLength(200)
    logger.info('too late')
    await logger.close()
    expect(records(dataDir)).toHaveLength(200)
    expect(out.text()).not.toContain('too late')
  })
})
