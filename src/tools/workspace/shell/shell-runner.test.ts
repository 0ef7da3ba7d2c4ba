import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import type { EngineRequest } from './shell-protocol.js'
import { ShellRunner } from './shell-runner.js'

const runner = new ShellRunner({
  engineUrl: new URL('./__fixtures__/fake-engine.ts', import.meta.url),
  memoryMb: 64,
  stopGraceMs: 200,
  maxIdle: 1,
  idleMs: 10_000,
})
const request = (command: string, timeoutMs = 5_000): EngineRequest => ({ command, cwd: '/', mounts: [], timeoutMs })
const never = new AbortController().signal
const markers = tempDir('toolhost-shell-runner-')

async function pid(): Promise<string> {
  const outcome = await runner.run(request('pid'), never)
  if (outcome.status !== 'finished' || !outcome.reply.ok) throw new Error(`unexpected ${JSON.stringify(outcome)}`)
  return outcome.reply.stdout
}

describe('ShellRunner', () => {
  it('keeps an engine that finished cleanly for the next call', async () => {
    expect(await pid()).toBe(await pid())
  })

  it('reports an engine that dies, and whether it ran out of memory', async () => {
    const before = await pid()
    expect(await runner.run(request('exit'), never)).toEqual({
      status: 'crashed',
      outOfMemory: false,
      detail: 'the engine exited (code 3)',
    })
    expect(await runner.run(request('abort'), never)).toMatchObject({ status: 'crashed', outOfMemory: true })
    expect(await pid()).not.toBe(before)
  })

  it('kills an engine that does not stop at the deadline, and replaces it', async () => {
    const before = await pid()
    expect(await runner.run(request('hang', 100), never)).toEqual({ status: 'timeout' })
    expect(await pid()).not.toBe(before)
  })

  it('returns the output of a command that stops when asked', async () => {
    expect(await runner.run(request('stops', 100), never)).toMatchObject({
      status: 'timeout',
      reply: { ok: true, stdout: 'stopped early' },
    })
  })

  it('is cancelled by the signal, before or while it runs', async () => {
    const controller = new AbortController()
    controller.abort()
    expect(await runner.run(request('pid'), controller.signal)).toEqual({ status: 'cancelled' })
    const later = new AbortController()
    const marker = join(markers, 'running')
    const running = runner.run(request(`hang, marking ${marker}`, 600_000), later.signal)
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 10_000, interval: 5 })
    later.abort()
    expect(await running).toEqual({ status: 'cancelled' })
  })

  it('reports an engine that cannot start', async () => {
    const broken = new ShellRunner({
      engineUrl: new URL('./__fixtures__/missing-engine.ts', import.meta.url),
      memoryMb: 64,
      stopGraceMs: 200,
      maxIdle: 1,
      idleMs: 1_000,
    })
    expect(await broken.run(request('pid'), never)).toMatchObject({
      status: 'crashed',
      outOfMemory: false,
      detail: expect.stringContaining('exited while starting'),
    })
  })
})
