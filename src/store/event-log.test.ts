import { statSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import type { NewStoreEvent } from './event-types.js'

const stores = useStores()
const result = { content: 'ok', isError: false, resourceRefs: [], images: [] }

describe('the event log', () => {
  it('appends with increasing seq and reads back in order with the data intact', async () => {
    const { store, runId, invocationId } = await stores.withInvocation({ now: () => 1_000 })
    const base = { runId, invocationId, callId: 'c1', toolId: 'builtin:dice.roll' }
    const appended = [
      store.appendEvent({ runId, invocationId, type: 'turn_started', data: { round: 1 } }),
      store.appendEvent({
        ...base,
        type: 'requested',
        data: { alias: 'dice_roll', rawArguments: '{"formula":"2d6"}', round: 1 },
      }),
      store.appendEvent({
        ...base,
        type: 'scheduled',
        data: { behavior: 'allow', rule: 'builtin:dice.*', approver: 'rule', reason: 'allowed by rule' },
      }),
      store.appendEvent({ ...base, type: 'running', data: {} }),
      store.appendEvent({ ...base, type: 'progress', data: { message: 'rolling', progress: 1, total: 2 } }),
      store.appendEvent({
        ...base,
        type: 'succeeded',
        at: 5_000,
        data: {
          result: { ...result, images: [{ path: 'tool-results/i.png', mimeType: 'image/png' }] },
          durationMs: 12,
        },
      }),
      store.appendEvent({
        ...base,
        type: 'stored',
        data: { paths: ['tool-results/inv_a/round-001-call_0011223344556677.txt'] },
      }),
      store.appendEvent({
        runId,
        invocationId,
        type: 'turn_completed',
        data: { round: 1, calls: 1, status: 'completed' },
      }),
    ]
    const seqs = appended.map((e) => e.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(new Set(seqs).size).toBe(seqs.length)
    expect(store.events({ invocationId })).toEqual(appended)
    expect(appended[0]).toMatchObject({ callId: null, toolId: null, at: 1_000 })
    expect(appended[5]?.at).toBe(5_000)
  })

  it('filters by run, invocation, call, position, type and count', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    store.createInvocation({ id: 'inv_b', runId, protocol: 'openai-chat', snapshot: {}, profile: {} })
    store.createRun({ id: 'run_other', scope: 'chat', profileId: 'default' })
    store.createInvocation({ id: 'inv_other', runId: 'run_other', protocol: 'gemini', snapshot: {}, profile: {} })
    const request = (inv: string, run: string, callId: string): NewStoreEvent => ({
      runId: run,
      invocationId: inv,
      callId,
      type: 'requested',
      data: { alias: 'a', rawArguments: '{}' },
    })
    const a1 = store.appendEvent(request(invocationId, runId, 'c1'))
    const b1 = store.appendEvent(request('inv_b', runId, 'c1'))
    const other = store.appendEvent(request('inv_other', 'run_other', 'c9'))
    const a1done = store.appendEvent({
      runId,
      invocationId,
      callId: 'c1',
      type: 'succeeded',
      data: { result, durationMs: 1 },
    })
    const a2 = store.appendEvent(request(invocationId, runId, 'c2'))

    expect(store.events({ runId })).toEqual([a1, b1, a1done, a2])
    expect(store.events({ runId: 'run_other' })).toEqual([other])
    expect(store.events({ invocationId })).toEqual([a1, a1done, a2])
    expect(store.events({ callId: 'c1' })).toEqual([a1, b1, a1done])
    expect(store.events({ invocationId, callId: 'c1' })).toEqual([a1, a1done])
    expect(store.events({ afterSeq: b1.seq })).toEqual([other, a1done, a2])
    expect(store.events({ types: ['succeeded'] })).toEqual([a1done])
    expect(store.events({ runId, types: ['requested', 'succeeded'], afterSeq: a1.seq, limit: 2 })).toEqual([b1, a1done])
    expect(store.events({ types: [] })).toEqual([])
    expect(store.events({ runId: 'nobody' })).toEqual([])
  })

  it('refuses events that break the rules of the log', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const invalid = expect.objectContaining({ code: 'store.invalid_value' })
    expect(() =>
      store.appendEvent({ runId, invocationId, type: 'requested', data: { alias: 'a', rawArguments: '{}' } }),
    ).toThrow(invalid)
    expect(() =>
      store.appendEvent({ runId, invocationId, callId: 'c1', type: 'turn_started', data: { round: 1 } }),
    ).toThrow(invalid)
    // A JavaScript caller that gets the data wrong learns what is wrong.
    const wrong = {
      runId,
      invocationId,
      callId: 'c1',
      type: 'succeeded',
      data: { result: { content: 1 } },
    } as unknown as NewStoreEvent
    expect(() => store.appendEvent(wrong)).toThrow(/succeeded event has the wrong shape[\s\S]*result\.content/)
    const unknownType = { runId, invocationId, callId: 'c1', type: 'finished', data: {} } as unknown as NewStoreEvent
    expect(() => store.appendEvent(unknownType)).toThrow(/"finished" is not an event type/)
    // The invocation must exist and belong to that run.
    store.createRun({ id: 'run_b', scope: 'session', profileId: 'default' })
    expect(() => store.appendEvent({ runId: 'run_b', invocationId, type: 'turn_started', data: { round: 1 } })).toThrow(
      expect.objectContaining({
        code: 'store.not_found',
        message: expect.stringContaining(`invocation ${invocationId} of run run_b`),
      }),
    )
    expect(store.events({})).toEqual([])
  })

  it('is append-only, even for someone with a connection of their own', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    store.appendEvent({ runId, invocationId, type: 'turn_started', data: { round: 1 } })
    const db = new DatabaseSync(store.dbPath)
    try {
      expect(() => db.exec("UPDATE events SET data = '{}'")).toThrow(/append-only/)
      expect(() => db.exec('DELETE FROM events')).toThrow(/append-only/)
    } finally {
      db.close()
    }
    expect(store.events({})).toHaveLength(1)
  })

  it('names the row and column of corrupt data instead of failing later', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const db = new DatabaseSync(store.dbPath)
    try {
      db.prepare(
        "INSERT INTO events (run_id, invocation_id, call_id, type, at, tool_id, data) VALUES (?, ?, 'c1', 'requested', 1, NULL, '{\"alias\":7}')",
      ).run(runId, invocationId)
    } finally {
      db.close()
    }
    expect(() => store.events({ invocationId })).toThrow(
      expect.objectContaining({
        code: 'store.corrupt_row',
        message: expect.stringMatching(/^events row seq=1, column data: unexpected shape:[\s\S]*alias/),
      }),
    )
  })

  it('lists the calls whose outcome is unknown, in order, with whether they started', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const add = (
      callId: string,
      type: 'requested' | 'running' | 'succeeded' | 'failed',
      toolId: string | null = 'builtin:t.x',
    ) => {
      if (type === 'requested')
        store.appendEvent({ runId, invocationId, callId, toolId, type, data: { alias: 'x', rawArguments: '{}' } })
      else if (type === 'running') store.appendEvent({ runId, invocationId, callId, toolId, type, data: {} })
      else if (type === 'succeeded')
        store.appendEvent({ runId, invocationId, callId, toolId, type, data: { result, durationMs: 1 } })
      else
        store.appendEvent({
          runId,
          invocationId,
          callId,
          toolId,
          type,
          data: { error: { name: 'Error', message: 'boom' }, durationMs: 1 },
        })
    }
    add('done', 'requested')
    add('asked', 'requested')
    add('running', 'requested')
    add('unknown-name', 'requested', null)
    add('done', 'running')
    add('running', 'running')
    add('done', 'succeeded')
    add('broke', 'requested')
    add('broke', 'running')
    add('broke', 'failed')
    store.appendEvent({ runId, invocationId, callId: 'only-progress', type: 'progress', data: { message: 'orphan' } })
    expect(store.unfinishedCalls(invocationId)).toEqual([
      { callId: 'asked', toolId: 'builtin:t.x', started: false },
      { callId: 'running', toolId: 'builtin:t.x', started: true },
      { callId: 'unknown-name', toolId: null, started: false },
    ])
    expect(store.unfinishedCalls('inv_none')).toEqual([])
  })

  it('keeps the WAL file bounded: automatic checkpoints run', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    for (let i = 0; i < 3_000; i += 1)
      store.appendEvent({
        runId,
        invocationId,
        callId: `c${i}`,
        type: 'requested',
        data: { alias: 'a', rawArguments: 'x'.repeat(200) },
      })
    // Without checkpoints this is ~50 MB; with them it stays near the 1,000-page threshold (~4 MB).
    expect(statSync(`${store.dbPath}-wal`).size).toBeLessThan(8 * 1024 * 1024)
  })
})
