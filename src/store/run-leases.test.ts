import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { openStore } from './store.js'

describe('run leases', () => {
  const setup = () => {
    let clock = 1_000
    const store = openStore(tempDir(), { now: () => clock })
    const run = store.createRun({ scope: 'session', profileId: 'default' })
    return { store, runId: run.id, tick: (ms: number) => (clock += ms) }
  }
  const a = { host: 'h1', pid: 100 }
  const b = { host: 'h1', pid: 200 }
  const alive = () => false
  const gone = () => true

  it('gives a free run to the first holder and refuses a live second one', () => {
    const { store, runId } = setup()
    expect(store.runLeases.acquire(runId, a, 60_000, alive)).toMatchObject({
      acquired: true,
      lease: { pid: 100, expiresAt: 61_000 },
    })
    expect(store.runLeases.acquire(runId, b, 60_000, alive)).toMatchObject({
      acquired: false,
      heldBy: { host: 'h1', pid: 100 },
    })
    expect(store.runLeases.acquire(runId, a, 60_000, alive).acquired).toBe(true)
    store.close()
  })

  it('takes over an expired lease, or one whose process is gone on the same host', () => {
    const { store, runId, tick } = setup()
    store.runLeases.acquire(runId, a, 60_000, alive)
    expect(store.runLeases.acquire(runId, b, 60_000, gone).acquired).toBe(true)
    expect(store.runLeases.acquire(runId, { host: 'h2', pid: 100 }, 60_000, gone).acquired).toBe(false)
    tick(60_001)
    expect(store.runLeases.acquire(runId, { host: 'h2', pid: 100 }, 60_000, alive)).toMatchObject({
      acquired: true,
      lease: { host: 'h2' },
    })
    store.close()
  })

  it('renews and releases only for its holder', () => {
    const { store, runId, tick } = setup()
    store.runLeases.acquire(runId, a, 60_000, alive)
    tick(30_000)
    expect(store.runLeases.renew(runId, a, 60_000)).toBe(true)
    expect(store.runLeases.get(runId)?.expiresAt).toBe(91_000)
    expect(store.runLeases.renew(runId, b, 60_000)).toBe(false)
    store.runLeases.release(runId, b)
    expect(store.runLeases.get(runId)).toBeDefined()
    store.runLeases.release(runId, a)
    expect(store.runLeases.get(runId)).toBeUndefined()
    store.close()
  })
})
