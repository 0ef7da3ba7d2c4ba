import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import { openStore } from './open-store.js'
import type { RunEventType } from './run-event-types.js'

const stores = useStores()

describe('run events', () => {
  it('appends with seq from 1 per run, filters by type and survives a reopen', async () => {
    const { store, runId, invocationId } = await stores.withInvocation({ now: () => 100 })
    store.createRun({ id: 'run_b', scope: 'chat', profileId: 'p' })
    const started = store.appendRunEvent(runId, 'run_started', {
      prompt: 'hi',
      model: 'anthropic:claude',
      profileId: 'default',
      scope: 'session',
      owner: 'user:local',
    })
    const inv = store.appendRunEvent(runId, 'invocation_started', { invocationId, agentId: 'default', mode: 'main' })
    const other = store.appendRunEvent('run_b', 'finished', { status: 'completed' })
    const reply = store.appendRunEvent(runId, 'reply', { text: 'Done.', path: 'output/main.md', invocationId })
    const drift = store.appendRunEvent(runId, 'drift', { attempt: 1, path: 'output/direct_output.md' })
    const compacted = store.appendRunEvent(runId, 'compacted', {
      invocationId,
      throughSeq: 4,
      tokensBefore: 9000,
      tokensAfter: 1200,
    })
    const handoff = store.appendRunEvent(runId, 'handoff', { from: 'default', to: 'writer' })
    const child = store.appendRunEvent(runId, 'child_started', { childId: 'ch1', agentId: 'helper' })
    const childEnd = store.appendRunEvent(runId, 'child_ended', { childId: 'ch1', status: 'completed' })
    const modelError = store.appendRunEvent(runId, 'model_error', { message: 'overloaded', attempt: 1 })
    const finished = store.appendRunEvent(runId, 'finished', { status: 'completed', reason: 'commit' })

    expect(started).toEqual({
      seq: 1,
      runId,
      type: 'run_started',
      at: 100,
      data: { prompt: 'hi', model: 'anthropic:claude', profileId: 'default', scope: 'session', owner: 'user:local' },
    })
    expect(other.seq).toBe(1)
    const all = [started, inv, reply, drift, compacted, handoff, child, childEnd, modelError, finished]
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(store.runEvents(runId)).toEqual(all)
    const replies = store.runEvents(runId, { type: 'reply' })
    expect(replies).toEqual([reply])
    expect(replies[0]?.data.text).toBe('Done.') // typed by the filter
    expect(store.runEvents('run_b')).toEqual([other])
    expect(store.runEvents('run_missing')).toEqual([])

    store.close()
    const reopened = openStore(store.dataDir)
    try {
      expect(reopened.runEvents(runId)).toEqual(all)
    } finally {
      reopened.close()
    }
  })

  it('refuses unknown types, data of the wrong shape and unknown runs', async () => {
    const { store, runId } = await stores.withInvocation()
    const invalid = expect.objectContaining({ code: 'store.invalid_value' })
    expect(() => store.appendRunEvent(runId, 'exploded' as RunEventType, {})).toThrow(invalid)
    expect(() => store.appendRunEvent(runId, 'reply', { text: 'x' })).toThrow(/reply run event has the wrong shape/)
    expect(() =>
      store.appendRunEvent(runId, 'invocation_started', { invocationId: 'i', agentId: 'a', mode: 'sideways' }),
    ).toThrow(invalid)
    expect(() => store.appendRunEvent(runId, 'drift', { attempt: 0, path: 'p' })).toThrow(invalid)
    expect(() => store.appendRunEvent(runId, 'finished', { status: 'completed', big: 10n })).toThrow(invalid)
    expect(() => store.appendRunEvent('run_missing', 'finished', { status: 'failed' })).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
    expect(() => store.runEvents(runId, { type: 'nope' as RunEventType })).toThrow(invalid)
    expect(store.runEvents(runId)).toEqual([])
  })

  it('is append-only, even for someone with a connection of their own', async () => {
    const { store, runId } = await stores.withInvocation()
    store.appendRunEvent(runId, 'finished', { status: 'completed' })
    const db = new DatabaseSync(store.dbPath)
    try {
      expect(() => db.exec("UPDATE run_events SET data = '{}'")).toThrow(/append-only/)
      expect(() => db.exec('DELETE FROM run_events')).toThrow(/append-only/)
      expect(() =>
        db.exec(`INSERT INTO run_events (run_id, seq, at, type, data) VALUES ('${runId}', 2, 0, 'exploded', '{}')`),
      ).toThrow(/CHECK/)
    } finally {
      db.close()
    }
    expect(store.runEvents(runId)).toHaveLength(1)
  })
})
