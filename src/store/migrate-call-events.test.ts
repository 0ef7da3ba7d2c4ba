import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import { callHistories } from './call-history.js'
import { migrate } from './migrate.js'
import { migrations } from './migrations.js'

const stores = useStores()

const ok = { content: 'ok', isError: false, resourceRefs: [], images: [] }
const failed = (errorCode: string) => ({ content: errorCode, isError: true, errorCode, resourceRefs: [], images: [] })

// Audit rows exactly as the recorder wrote them before the call lifecycle (schema step 7).
const oldRows: readonly (readonly [string, string | null, string, Record<string, unknown>])[] = [
  ['ran', 't:x', 'requested', { alias: 'x', rawArguments: '{}', round: 1 }],
  ['ran', 't:x', 'decided', { behavior: 'allow', reason: 'allowed by rule', approver: 'rule' }],
  ['ran', 't:x', 'started', { round: 1 }],
  ['ran', 't:x', 'decided', { behavior: 'allow', reason: 'may I?', approver: 'callback' }],
  ['ran', 't:x', 'progress', { message: 'half' }],
  ['ran', 't:x', 'completed', { result: ok, durationMs: 4 }],
  ['unknown', null, 'requested', { alias: 'nope', rawArguments: '{}' }],
  ['unknown', null, 'completed', { result: failed('model.unknown_tool_call'), durationMs: 0 }],
  ['ruled-out', 't:x', 'requested', { alias: 'x', rawArguments: '{}' }],
  ['ruled-out', 't:x', 'decided', { behavior: 'deny', reason: 'denied by rule', rule: 't:x' }],
  ['ruled-out', 't:x', 'completed', { result: failed('permission.denied'), durationMs: 0 }],
  ['asked', 't:x', 'requested', { alias: 'x', rawArguments: '{}' }],
  ['asked', 't:x', 'decided', { behavior: 'ask', reason: 'asks', approvalId: 'apr_1' }],
  ['asked', 't:x', 'decided', { behavior: 'deny', reason: 'denied by a person', approver: 'ada' }],
  ['asked', 't:x', 'completed', { result: failed('permission.denied'), durationMs: 0 }],
  ['slow', 't:x', 'requested', { alias: 'x', rawArguments: '{}' }],
  ['slow', 't:x', 'decided', { behavior: 'allow' }],
  ['slow', 't:x', 'started', {}],
  ['slow', 't:x', 'completed', { result: failed('tool.timeout'), durationMs: 30000 }],
  ['broke', 't:x', 'requested', { alias: 'x', rawArguments: '{}' }],
  ['broke', 't:x', 'decided', { behavior: 'allow' }],
  ['broke', 't:x', 'started', {}],
  ['broke', 't:x', 'failed', { error: { name: 'TypeError', message: 'boom' }, durationMs: 2 }],
  ['never-ran', 't:x', 'requested', { alias: 'x', rawArguments: '{}' }],
  ['never-ran', 't:x', 'decided', { behavior: 'allow' }],
  ['never-ran', 't:x', 'completed', { result: failed('tool.cancelled'), durationMs: 0 }],
  ['cut-off', 't:x', 'requested', { alias: 'x', rawArguments: '{}' }],
  ['cut-off', 't:x', 'decided', { behavior: 'allow' }],
  ['cut-off', 't:x', 'started', {}],
]

describe('schema step 8: audit rows of the older vocabulary become call lifecycle events', () => {
  it('maps every old row onto the phase it meant, and the histories follow the transition table', async () => {
    const dir = await stores.temp.make()
    const db = new DatabaseSync(join(dir, 'toolhost.db'))
    migrate(db, 'old', migrations.slice(0, 7))
    db.exec(`INSERT INTO runs VALUES ('run_1', 'session', 'default', 'running', 1, 1)`)
    db.exec(`INSERT INTO invocations (id, run_id, protocol, snapshot, profile, created_at)
      VALUES ('inv_1', 'run_1', 'anthropic', '{}', '{}', 1)`)
    const insert = db.prepare(
      `INSERT INTO events (run_id, invocation_id, call_id, type, at, tool_id, data) VALUES ('run_1', 'inv_1', ?, ?, ?, ?, ?)`,
    )
    db.exec(`INSERT INTO events (run_id, invocation_id, call_id, type, at, data)
      VALUES ('run_1', 'inv_1', NULL, 'turn_started', 1, '{"round":1,"calls":8}')`)
    oldRows.forEach(([callId, toolId, type, data], at) =>
      insert.run(callId, type, at + 2, toolId, JSON.stringify(data)),
    )
    // A checkpoint saved right after the 'slow' call's events points at the same place after the step.
    const slowEnd = Number(db.prepare(`SELECT max(seq) AS seq FROM events WHERE call_id = 'slow'`).get()?.seq)
    db.prepare(
      `INSERT INTO checkpoints (invocation_id, seq, event_seq, created_at, data) VALUES ('inv_1', 1, ?, 1, '{}')`,
    ).run(slowEnd)
    db.close()

    const store = await stores.open(undefined, dir)
    expect(store.schemaVersion).toBe(migrations.length)
    const events = store.events({ invocationId: 'inv_1' })
    const phases = (callId: string) => events.filter((e) => e.callId === callId).map((e) => e.type)
    expect(phases('ran')).toEqual([
      'requested',
      'admitted',
      'scheduled',
      'running',
      'mid_call_approval',
      'progress',
      'succeeded',
    ])
    expect(phases('unknown')).toEqual(['requested', 'rejected'])
    expect(phases('ruled-out')).toEqual(['requested', 'admitted', 'denied'])
    expect(phases('asked')).toEqual(['requested', 'admitted', 'awaiting_approval', 'denied'])
    expect(phases('slow')).toEqual(['requested', 'admitted', 'scheduled', 'running', 'timed_out'])
    expect(phases('broke')).toEqual(['requested', 'admitted', 'scheduled', 'running', 'failed'])
    expect(phases('never-ran')).toEqual(['requested', 'admitted', 'scheduled', 'cancelled'])
    expect(phases('cut-off')).toEqual(['requested', 'admitted', 'scheduled', 'running'])
    // A denial keeps its decision and takes the result the model was given.
    expect(events.find((e) => e.callId === 'asked' && e.type === 'denied')?.data).toMatchObject({
      behavior: 'deny',
      approver: 'ada',
      result: { errorCode: 'permission.denied' },
    })
    expect(events[0]?.type).toBe('turn_started')

    const slowEvents = events.filter((e) => e.callId === 'slow')
    expect(store.latestCheckpoint('inv_1')?.eventSeq).toBe(slowEvents.at(-1)?.seq)
    expect(events.filter((e) => e.seq > (slowEvents.at(-1)?.seq ?? 0))[0]?.callId).toBe('broke')

    const histories = callHistories(events)
    expect(histories.flatMap((call) => call.anomalies)).toEqual([])
    expect(Object.fromEntries(histories.map((call) => [call.callId, call.phase]))).toEqual({
      ran: 'succeeded',
      unknown: 'rejected',
      'ruled-out': 'denied',
      asked: 'denied',
      slow: 'timed_out',
      broke: 'failed',
      'never-ran': 'cancelled',
      'cut-off': 'running',
    })
    expect(store.unfinishedCalls('inv_1')).toEqual([{ callId: 'cut-off', toolId: 't:x', started: true }])
    // The rebuilt log is append-only like the one it replaced.
    expect(() =>
      store.appendEvent({ ...events[1]!, type: 'requested', callId: 'new', data: { alias: 'y', rawArguments: '{}' } }),
    ).not.toThrow()
  })
})
