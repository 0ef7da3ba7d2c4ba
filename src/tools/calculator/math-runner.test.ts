import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import type { EngineReply } from './math-protocol.js'
import { MathRunner, type MathRunnerOptions } from './math-runner.js'

const probe = new URL('./__fixtures__/probe-engine.ts', import.meta.url)
const runners: MathRunner[] = []
const markers = tempDir('toolhost-math-runner-')

function runner(options: Partial<MathRunnerOptions> = {}): MathRunner {
  const created = new MathRunner({ engineUrl: probe, timeoutMs: 2_000, memoryMb: 64, ...options })
  runners.push(created)
  return created
}

function probed(reply: EngineReply): { env: string[]; codeGeneration: string; argv: string[] } {
  if (!reply.ok) throw new Error(`probe failed: ${reply.message}`)
  return JSON.parse(reply.result) as { env: string[]; codeGeneration: string; argv: string[] }
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((created) => created.close()))
})

describe('MathRunner', () => {
  it('runs the engine without the environment and without code generation from strings', async () => {
    process.env.TOOLHOST_TEST_SECRET = 'not for the engine'
    try {
      const result = probed(await runner().evaluate({ expression: 'probe', precision: 14 }))
      expect(result.env).not.toContain('TOOLHOST_TEST_SECRET')
      expect(result.env).not.toContain('PATH')
      expect(result.codeGeneration).toBe('refused')
      expect(result.argv).toEqual(['--toolhost-calculator-engine'])
    } finally {
      delete process.env.TOOLHOST_TEST_SECRET
    }
  })

  it('reports a timeout as a limit and starts a new engine for the next request', async () => {
    const timed = runner({ timeoutMs: 300 })
    expect(await timed.evaluate({ expression: 'hang', precision: 14 })).toEqual({
      ok: false,
      kind: 'limit',
      limit: 'timeoutMs',
      message: 'The evaluation took longer than 0.3 s and was stopped. Simplify the expression.',
    })
    expect((await timed.evaluate({ expression: 'probe', precision: 14 })).ok).toBe(true)
  })

  it('reports running out of memory as a limit', async () => {
    const reply = await runner({ memoryMb: 32, timeoutMs: 10_000 }).evaluate({
      expression: 'exhaust memory',
      precision: 14,
    })
    expect(reply).toMatchObject({
      ok: false,
      kind: 'limit',
      limit: 'memoryMb',
      message: expect.stringContaining('more than 32 MB of memory'),
    })
  })

  it('queues requests behind one that hangs', async () => {
    const timed = runner({ timeoutMs: 300 })
    const [hung, next] = await Promise.all([
      timed.evaluate({ expression: 'hang', precision: 14 }),
      timed.evaluate({ expression: 'probe', precision: 14 }),
    ])
    expect(hung).toMatchObject({ kind: 'limit' })
    expect(next.ok).toBe(true)
  })

  it('rejects with the abort reason', async () => {
    const controller = new AbortController()
    const marker = join(markers, 'evaluating')
    // A time limit far away: the abort, not the limit, ends the evaluation.
    const pending = runner({ timeoutMs: 600_000 }).evaluate(
      { expression: `hang, marking ${marker}`, precision: 14 },
      controller.signal,
    )
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 10_000, interval: 5 })
    controller.abort(new Error('stop'))
    await expect(pending).rejects.toThrow('stop')
    const aborted = new AbortController()
    aborted.abort(new Error('already'))
    await expect(runner().evaluate({ expression: 'probe', precision: 14 }, aborted.signal)).rejects.toThrow('already')
  })

  it('fails as a runtime error when the engine dies or cannot start', async () => {
    await expect(runner().evaluate({ expression: 'exit', precision: 14 })).rejects.toThrow(
      'exited unexpectedly (code 3)',
    )
    const missing = runner({ engineUrl: new URL('./__fixtures__/missing-engine.ts', import.meta.url) })
    await expect(missing.evaluate({ expression: 'probe', precision: 14 })).rejects.toThrow('exited while starting')
  })
})
