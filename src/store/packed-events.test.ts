import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import type { NewStoreEvent } from './event-types.js'

const stores = useStores()
const result = { content: 'ok', isError: false, resourceRefs: [], images: [] }
const decision = { behavior: 'allow', approver: 'mode', reason: 'read-only' } as const

/** The moves of two calls as a turn writes them before the calls run, then their starts and ends. */
function turnEvents(runId: string, invocationId: string): NewStoreEvent[][] {
  const call = (callId: string) => ({ runId, invocationId, callId, toolId: 'builtin:dice.roll' })
  const before: NewStoreEvent[] = [{ runId, invocationId, type: 'turn_started', data: { round: 1, calls: 2 } }]
  for (const id of ['a', 'b'])
    before.push(
      { ...call(id), type: 'requested', at: 10, data: { alias: 'dice_roll', rawArguments: '{}', round: 1 } },
      { ...call(id), type: 'admitted', at: 11, data: {} },
      { ...call(id), type: 'scheduled', at: 12, data: decision },
    )
  const starts: NewStoreEvent[] = ['a', 'b'].map((id) => ({ ...call(id), type: 'running', data: { round: 1 } }))
  const ends: NewStoreEvent[] = [
    { ...call('a'), type: 'progress', data: { message: 'half' } },
    { ...call('a'), type: 'succeeded', data: { result, durationMs: 1 } },
  ]
  return [before, starts, ends]
}

describe('packed events', () => {
  it('stores consecutive events of one call in one row and reads every event back at its own seq', async () => {
    const { store, runId, invocationId } = await stores.withInvocation({ now: () => 500 })
    for (const batch of turnEvents(runId, invocationId)) store.appendEvents(batch)
    const events = store.events({ invocationId })
    expect(events.map((e) => `${e.seq} ${e.callId ?? '-'} ${e.type}`)).toEqual([
      '1 - turn_started',
      '2 a requested',
      '3 a admitted',
      '4 a scheduled',
      '5 b requested',
      '6 b admitted',
      '7 b scheduled',
      '8 a running',
      '9 b running',
      '10 a progress',
      '11 a succeeded',
    ])
    expect(events[1]).toMatchObject({ at: 10, toolId: 'builtin:dice.roll', data: { alias: 'dice_roll', round: 1 } })
    expect(events[3]).toMatchObject({ at: 12, data: decision })
    expect(events[10]).toMatchObject({ at: 500, data: { result, durationMs: 1 } })

    const db = new DatabaseSync(store.dbPath, { readOnly: true })
    expect(db.prepare('SELECT count(*) AS n FROM events').get()?.n).toBe(6)
    db.close()
    // A single append lands after the packed rows' seqs.
    const next = store.appendEvent({
      runId,
      invocationId,
      type: 'turn_completed',
      data: { round: 1, status: 'completed' },
    })
    expect(next.seq).toBe(12)
  })

  it('filters by type, position and count inside packed rows', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    for (const batch of turnEvents(runId, invocationId)) store.appendEvents(batch)
    const seqs = (events: { seq: number }[]) => events.map((e) => e.seq)
    expect(seqs(store.events({ invocationId, types: ['admitted', 'running'] }))).toEqual([3, 6, 8, 9])
    expect(seqs(store.events({ invocationId, afterSeq: 5 }))).toEqual([6, 7, 8, 9, 10, 11])
    expect(seqs(store.events({ invocationId, afterSeq: 2, limit: 3 }))).toEqual([3, 4, 5])
    expect(seqs(store.events({ invocationId, types: ['requested'], limit: 2 }))).toEqual([2, 5])
    expect(seqs(store.events({ invocationId, callId: 'b' }))).toEqual([5, 6, 7, 9])
  })

  it('finds the calls without an outcome when their requested event is packed', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    for (const batch of turnEvents(runId, invocationId)) store.appendEvents(batch)
    expect(store.unfinishedCalls(invocationId)).toEqual([{ callId: 'b', toolId: 'builtin:dice.roll', started: true }])
  })

  it('refuses a batch with a bad row and writes none of it', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const [before = []] = turnEvents(runId, invocationId)
    const bad = { runId, invocationId, type: 'admitted', data: {} } as NewStoreEvent
    expect(() => store.appendEvents([...before, bad])).toThrow(/needs a call id/)
    expect(() => store.appendEvents([...before.slice(0, 2), { ...before[1]!, invocationId: 'inv_nope' }])).toThrow(
      /does the invocation exist/,
    )
    expect(store.events({ invocationId })).toEqual([])
  })

  it('reports a packed row whose earlier events were damaged as a corrupt row', async () => {
    const { store, runId, invocationId } = await stores.withInvocation()
    const [before = []] = turnEvents(runId, invocationId)
    store.appendEvents(before)
    store.close()
    const db = new DatabaseSync(store.dbPath)
    db.exec(
      `DROP TRIGGER events_no_update; UPDATE events SET earlier = '[["admitted", 1, {"x": 1}], ["nope", 1, {}]]' WHERE seq = 4`,
    )
    db.close()
    const reopened = await stores.open(undefined, store.dataDir)
    expect(() => reopened.events({ invocationId })).toThrow(/events row seq=4, column earlier/)
  })
})
