import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import { compileMatcher } from './line-matcher.js'
import type { ScanOptions } from './scan-file.js'
import { ScanPool } from './scan-pool.js'

const dir = tempDir('toolhost-scan-pool-')
const put = (name: string, content: string | Uint8Array) => {
  writeFileSync(join(dir, name), content)
  return join(dir, name)
}
const options = (pattern: string, caseInsensitive = false): ScanOptions => ({
  matcher: compileMatcher(pattern, caseInsensitive),
  mode: 'content',
  before: 1,
  after: 0,
  keep: 10,
  lineChars: 300,
  maxBytes: 1024 * 1024,
  timeLimitMs: 10_000,
})
const fromSource = (idleMs: number, workerUrl = new URL('./scan-worker.ts', import.meta.url), size = 2) =>
  new ScanPool({
    workerUrl,
    execArgv: ['--import', fileURLToPath(new URL('../../../../scripts/register-ts.ts', import.meta.url))],
    size,
    idleMs,
  })
const never = new AbortController().signal

/** Lets pending callbacks run until `predicate` holds; counts event-loop turns, not time. */
async function until(predicate: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    if (predicate()) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('condition not reached')
}

describe('ScanPool', () => {
  const pool = fromSource(60_000)
  afterAll(() => pool.close())

  it('searches files in worker threads, answering in the order of the paths', async () => {
    const paths = [
      put('a.txt', 'one\nneedle\n'),
      put('b.bin', Buffer.from([0x6e, 0, 0x65])),
      put('c.txt', 'nothing\n'),
      join(dir, 'missing.txt'),
      put('d.txt', 'x\nNeedle\n'),
    ]
    expect(await pool.scan(paths, options('needle'), never)).toEqual([
      {
        kind: 'searched',
        matches: 1,
        lines: [
          { line: 1, text: 'one', isMatch: false },
          { line: 2, text: 'needle', isMatch: true },
        ],
        timedOut: false,
      },
      { kind: 'binary' },
      { kind: 'searched', matches: 0, lines: [], timedOut: false },
      { kind: 'unreadable' },
      { kind: 'searched', matches: 0, lines: [], timedOut: false },
    ])
    const [, , , , anyCase] = await pool.scan(paths, options('NEEDLE', true), never)
    expect(anyCase).toMatchObject({ matches: 1, lines: [{ line: 1 }, { line: 2, text: 'Needle' }] })
    expect(pool.workers).toBeGreaterThan(0)
  })

  it('reads modification times, NaN for a missing file', async () => {
    const path = put('timed.txt', 'x')
    utimesSync(path, 1_000_000, 1_000_000)
    expect(await pool.mtimes([path, join(dir, 'gone.txt')], never)).toEqual([1_000_000_000, Number.NaN])
  })

  it('rejects an aborted batch and stops the worker busy with it', async () => {
    const single = fromSource(60_000, undefined, 1)
    const controller = new AbortController()
    try {
      // A pattern that backtracks for seconds on every line keeps the worker busy.
      const slow = put('slow.txt', `${'a'.repeat(200)}b\n`.repeat(1_000))
      const busy = single.scan([slow], { ...options('a*a*a*c'), timeLimitMs: 600_000 }, controller.signal)
      await until(() => single.workers > 0)
      controller.abort(new Error('stopped'))
      await expect(busy).rejects.toThrow('stopped')
      expect(single.workers).toBe(0)
      const after = await single.scan([put('after.txt', 'needle\n')], options('needle'), never)
      expect(after).toMatchObject([{ matches: 1 }])
    } finally {
      await single.close()
    }
  })

  it('stops its workers once idle, and starts them again for more work', async () => {
    const quick = fromSource(0)
    try {
      await quick.scan([put('q.txt', 'needle\n')], options('needle'), never)
      await until(() => quick.workers === 0)
      expect(await quick.scan([join(dir, 'q.txt')], options('needle'), never)).toMatchObject([{ matches: 1 }])
    } finally {
      await quick.close()
    }
  })

  it('fails every scan at once when its workers cannot start', async () => {
    const broken = fromSource(60_000, new URL('./no-such-worker.ts', import.meta.url))
    await expect(broken.scan([put('e.txt', 'x')], options('x'), never)).rejects.toThrow()
    await expect(broken.scan([join(dir, 'e.txt')], options('x'), never)).rejects.toThrow()
    expect(broken.workers).toBe(0)
  })

  it('runs the built worker from dist/', async () => {
    const built = new URL('../../../../dist/tools/workspace/find/scan-worker.js', import.meta.url)
    const pool = new ScanPool({ workerUrl: built, execArgv: [], size: 1, idleMs: 60_000 })
    try {
      expect(await pool.scan([put('f.txt', 'a\nneedle\n')], options('needle'), never)).toMatchObject([
        { kind: 'searched', matches: 1 },
      ])
    } finally {
      await pool.close()
    }
  })
})
