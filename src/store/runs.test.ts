import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import type { RunStatus } from './runs.js'

const stores = useStores()

describe('runs and invocations', () => {
  it('creates runs with generated lowercase ids and tracks their status', async () => {
    let clock = 100
    const store = await stores.open({ now: () => clock })
    const run = store.createRun({ scope: 'chat', profileId: 'support' })
    expect(run).toEqual({
      id: expect.stringMatching(/^run_[0-9a-f]{20}$/),
      scope: 'chat',
      profileId: 'support',
      status: 'running',
      createdAt: 100,
      updatedAt: 100,
    })
    expect(store.getRun(run.id)).toEqual(run)
    clock = 250
    store.setRunStatus(run.id, 'paused')
    expect(store.getRun(run.id)).toMatchObject({ status: 'paused', createdAt: 100, updatedAt: 250 })
    expect(store.getRun('run_missing')).toBeUndefined()
  })

  it('refuses duplicate, unsafe and unknown ids and unknown statuses clearly', async () => {
    const store = await stores.open()
    store.createRun({ id: 'run_1', scope: 'session', profileId: 'p' })
    expect(() => store.createRun({ id: 'run_1', scope: 'session', profileId: 'p' })).toThrow(
      expect.objectContaining({ code: 'store.conflict', message: expect.stringContaining('run_1') }),
    )
    for (const id of ['../etc', 'a/b', '.hidden', '', 'x'.repeat(129), 'a\\b']) {
      expect(() => store.createRun({ id, scope: 'session', profileId: 'p' })).toThrow(
        expect.objectContaining({ code: 'store.invalid_value' }),
      )
    }
    expect(() => store.setRunStatus('run_nope', 'completed')).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
    expect(() => store.setRunStatus('run_1', 'sleeping' as RunStatus)).toThrow(
      expect.objectContaining({ code: 'store.invalid_value' }),
    )
    expect(() => store.createRun({ id: 'run_2', scope: 'team' as 'chat', profileId: 'p' })).toThrow(
      expect.objectContaining({ code: 'store.invalid_value' }),
    )
  })

  it('gives each run a directory under runs/ and refuses ids that would escape it', async () => {
    const store = await stores.open()
    expect(store.runDir('run_abc')).toBe(join(store.dataDir, 'runs', 'run_abc'))
    expect(() => store.runDir('..')).toThrow(/not a safe id/)
    expect(() => store.runDir('../../x')).toThrow(/not a safe id/)
  })

  it('stores invocations with their snapshot and profile', async () => {
    const { store, runId } = await stores.withInvocation({ now: () => 42 })
    const snapshot = { id: 'snap_9', bindings: [{ alias: 'dice_roll', toolId: 'builtin:dice.roll' }] }
    store.createInvocation({
      id: 'inv_x',
      runId,
      protocol: 'openai-responses',
      snapshot,
      profile: { id: 'default', tools: { maxRounds: 3 } },
    })
    expect(store.getInvocation('inv_x')).toEqual({
      id: 'inv_x',
      runId,
      protocol: 'openai-responses',
      snapshot,
      profile: { id: 'default', tools: { maxRounds: 3 } },
      createdAt: 42,
    })
    expect(store.getInvocation('inv_none')).toBeUndefined()
    expect(() =>
      store.createInvocation({ id: 'inv_y', runId: 'run_none', protocol: 'anthropic', snapshot: {}, profile: {} }),
    ).toThrow(expect.objectContaining({ code: 'store.not_found' }))
    expect(() =>
      store.createInvocation({ id: 'inv_x', runId, protocol: 'anthropic', snapshot: {}, profile: {} }),
    ).toThrow(expect.objectContaining({ code: 'store.conflict' }))
    expect(() =>
      store.createInvocation({ id: 'inv_z', runId, protocol: 'anthropic', snapshot: undefined, profile: {} }),
    ).toThrow(/snapshot of invocation inv_z cannot be stored as JSON/)
    expect(() =>
      store.createInvocation({ id: 'inv_z', runId, protocol: 'anthropic', snapshot: { n: 1n }, profile: {} }),
    ).toThrow(expect.objectContaining({ code: 'store.invalid_value' }))
  })
})

describe('checkpoints', () => {
  it('keeps every checkpoint and returns the latest, with the log position it was taken at', async () => {
    let clock = 10
    const { store, runId, invocationId } = await stores.withInvocation({ now: () => clock })
    expect(store.latestCheckpoint(invocationId)).toBeUndefined()
    const first = store.saveCheckpoint(invocationId, { round: 1, gate: { callsUsed: 2, callsPerTool: {} } })
    expect(first).toMatchObject({ seq: 1, eventSeq: 0, createdAt: 10 })
    const event = store.appendEvent({ runId, invocationId, type: 'turn_started', data: { round: 2 } })
    clock = 20
    store.saveCheckpoint(invocationId, { round: 2, gate: { callsUsed: 5, callsPerTool: {} } })
    expect(store.latestCheckpoint(invocationId)).toEqual({
      seq: 2,
      eventSeq: event.seq,
      createdAt: 20,
      data: { round: 2, gate: { callsUsed: 5, callsPerTool: {} } },
    })
  })

  it('numbers checkpoints per invocation and requires the invocation to exist', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    store.createInvocation({ id: 'inv_b', runId, protocol: 'anthropic', snapshot: {}, profile: {} })
    store.saveCheckpoint(invocationId, 'a1')
    store.saveCheckpoint(invocationId, 'a2')
    expect(store.saveCheckpoint('inv_b', 'b1').seq).toBe(1)
    expect(store.latestCheckpoint(invocationId)?.data).toBe('a2')
    expect(() => store.saveCheckpoint('inv_none', {})).toThrow(expect.objectContaining({ code: 'store.not_found' }))
  })
})

describe('transactions', () => {
  it('commits together, rolls back on a throw, and nests as savepoints', async () => {
    const store = await stores.open()
    store.transaction(() => {
      store.createRun({ id: 'run_1', scope: 'session', profileId: 'p' })
      store.createRun({ id: 'run_2', scope: 'session', profileId: 'p' })
    })
    expect(() =>
      store.transaction(() => {
        store.createRun({ id: 'run_3', scope: 'session', profileId: 'p' })
        throw new Error('changed my mind')
      }),
    ).toThrow('changed my mind')
    expect(store.getRun('run_3')).toBeUndefined()

    const value = store.transaction(() => {
      store.createRun({ id: 'run_4', scope: 'session', profileId: 'p' })
      expect(() =>
        store.transaction(() => {
          store.createRun({ id: 'run_5', scope: 'session', profileId: 'p' })
          throw new Error('inner only')
        }),
      ).toThrow('inner only')
      return 'outer result'
    })
    expect(value).toBe('outer result')
    expect([1, 2, 3, 4, 5].map((n) => store.getRun(`run_${n}`) !== undefined)).toEqual([true, true, false, true, false])
  })

  it('refuses an async function, and leaves no transaction open', async () => {
    const store = await stores.open()
    expect(() =>
      store.transaction(async () => store.createRun({ id: 'run_async', scope: 'session', profileId: 'p' })),
    ).toThrow(/synchronous function/)
    expect(store.getRun('run_async')).toBeUndefined()
    store.transaction(() => store.createRun({ id: 'run_after', scope: 'session', profileId: 'p' }))
    expect(store.getRun('run_after')).toBeDefined()
  })

  it('closes once; later calls fail', async () => {
    const store = await stores.open()
    store.close()
    store.close()
    expect(() => store.getRun('run_1')).toThrow()
  })
})

describe('listing runs and invocations', () => {
  it('lists runs newest first, by status and with a limit', async () => {
    let clock = 1
    const store = await stores.open({ now: () => clock })
    store.createRun({ id: 'run_old', scope: 'chat', profileId: 'p' })
    clock = 2
    store.createRun({ id: 'run_mid', scope: 'session', profileId: 'p' })
    store.createRun({ id: 'run_mid2', scope: 'session', profileId: 'p' })
    clock = 3
    store.createRun({ id: 'run_new', scope: 'session', profileId: 'p' })
    store.setRunStatus('run_mid', 'completed')
    expect(store.listRuns().map((r) => r.id)).toEqual(['run_new', 'run_mid2', 'run_mid', 'run_old'])
    expect(store.listRuns({ limit: 2 }).map((r) => r.id)).toEqual(['run_new', 'run_mid2'])
    expect(store.listRuns({ status: 'completed' })).toEqual([
      expect.objectContaining({ id: 'run_mid', status: 'completed', updatedAt: 3 }),
    ])
    expect(store.listRuns({ status: 'running', limit: 1 }).map((r) => r.id)).toEqual(['run_new'])
    expect(store.listRuns({ limit: 0 })).toEqual([])
    expect(() => store.listRuns({ limit: -1 })).toThrow(expect.objectContaining({ code: 'store.invalid_value' }))
    expect(() => store.listRuns({ status: 'asleep' as RunStatus })).toThrow(
      expect.objectContaining({ code: 'store.invalid_value' }),
    )
  })

  it('lists the invocations of a run in creation order', async () => {
    let clock = 5
    const store = await stores.open({ now: () => clock })
    store.createRun({ id: 'run_1', scope: 'session', profileId: 'p' })
    store.createRun({ id: 'run_2', scope: 'session', profileId: 'p' })
    store.createInvocation({
      id: 'inv_z',
      runId: 'run_1',
      protocol: 'anthropic',
      snapshot: { id: 's1' },
      profile: { id: 'p' },
    })
    store.createInvocation({ id: 'inv_a', runId: 'run_1', protocol: 'gemini', snapshot: {}, profile: {} })
    store.createInvocation({ id: 'inv_other', runId: 'run_2', protocol: 'gemini', snapshot: {}, profile: {} })
    clock = 6
    store.createInvocation({ id: 'inv_m', runId: 'run_1', protocol: 'openai-chat', snapshot: {}, profile: {} })
    expect(store.invocationsOf('run_1').map((i) => i.id)).toEqual(['inv_z', 'inv_a', 'inv_m'])
    expect(store.invocationsOf('run_1')[0]).toEqual({
      id: 'inv_z',
      runId: 'run_1',
      protocol: 'anthropic',
      snapshot: { id: 's1' },
      profile: { id: 'p' },
      createdAt: 5,
    })
    expect(store.invocationsOf('run_missing')).toEqual([])
  })
})
