import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import type { TranscriptEntry } from './transcript.js'
import { useStores } from './__fixtures__/test-store.js'
import { openStore } from './open-store.js'

const stores = useStores()

const entries: TranscriptEntry[] = [
  { kind: 'user', text: 'Roll for me', name: 'ana', images: [{ path: 'uploads/a.png', mimeType: 'image/png' }] },
  {
    kind: 'assistant',
    text: 'Rolling.',
    reasoning: 'use the dice tool',
    calls: [{ callId: 'c1', name: 'dice_roll', rawArguments: '{"formula":"2d6"' }],
  },
  {
    kind: 'results',
    results: [
      {
        callId: 'c1',
        toolId: 'builtin:dice.roll',
        content: 'bad',
        isError: true,
        errorCode: 'tool.invalid_arguments',
        resourceRefs: [],
        images: [],
        structured: { n: 1 },
      },
      {
        callId: 'c2',
        toolId: null,
        content: 'ok',
        isError: false,
        resourceRefs: ['r'],
        images: [{ path: 'tool-results/i.jpg', mimeType: 'image/jpeg' }],
      },
    ],
  },
  { kind: 'reminder', text: 'Publish with commit.' },
  { kind: 'summary', text: 'Earlier: rolled dice.', throughSeq: 3 },
]

describe('transcripts', () => {
  it('appends entries with seq from 1 per invocation and reads them back intact, also after reopening', async () => {
    const { store, runId, invocationId } = await stores.withInvocation({ now: () => 10 })
    store.createInvocation({ id: 'inv_b', runId, protocol: 'gemini', snapshot: {}, profile: {} })
    const stored = entries.map((entry) => store.appendTranscript(invocationId, entry))
    const other = store.appendTranscript('inv_b', { kind: 'user', text: 'hi' })
    expect(stored.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5])
    expect(stored[0]).toEqual({ seq: 1, invocationId, at: 10, entry: entries[0] })
    expect(other).toMatchObject({ seq: 1, invocationId: 'inv_b' })
    expect(store.transcript(invocationId)).toEqual(stored)
    expect(store.transcript('inv_b')).toEqual([other])
    expect(store.transcript('inv_missing')).toEqual([])

    store.close()
    const reopened = openStore(store.dataDir)
    try {
      expect(reopened.transcript(invocationId)).toEqual(stored)
      expect(reopened.appendTranscript(invocationId, { kind: 'user', text: 'again' }).seq).toBe(6)
    } finally {
      reopened.close()
    }
  })

  it('refuses entries of the wrong shape and unknown invocations', async () => {
    const { store, invocationId } = await stores.withInvocation()
    const invalid = expect.objectContaining({ code: 'store.invalid_value' })
    expect(() =>
      store.appendTranscript(invocationId, { kind: 'note', text: 'x' } as unknown as TranscriptEntry),
    ).toThrow(invalid)
    expect(() =>
      store.appendTranscript(invocationId, { kind: 'assistant', text: 'x' } as unknown as TranscriptEntry),
    ).toThrow(/assistant transcript entry has the wrong shape/)
    expect(() => store.appendTranscript(invocationId, { kind: 'summary', text: 'x', throughSeq: -1 })).toThrow(invalid)
    expect(() => store.appendTranscript('inv_missing', { kind: 'user', text: 'x' })).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
    expect(store.transcript(invocationId)).toEqual([])
  })

  it('is append-only, even for someone with a connection of their own', async () => {
    const { store, invocationId } = await stores.withInvocation()
    store.appendTranscript(invocationId, { kind: 'user', text: 'keep me' })
    const db = new DatabaseSync(store.dbPath)
    try {
      expect(() => db.exec("UPDATE transcript_entries SET data = '{}'")).toThrow(/append-only/)
      expect(() => db.exec('DELETE FROM transcript_entries')).toThrow(/append-only/)
      expect(() =>
        db.exec(
          `INSERT INTO transcript_entries (invocation_id, seq, at, kind, data) VALUES ('${invocationId}', 1, 0, 'user', '{}')`,
        ),
      ).toThrow(/UNIQUE|PRIMARY/)
    } finally {
      db.close()
    }
    expect(store.transcript(invocationId)).toHaveLength(1)
  })

  it('names the row and column of corrupt data', async () => {
    const { store, invocationId } = await stores.withInvocation()
    const db = new DatabaseSync(store.dbPath)
    try {
      db.exec(
        `INSERT INTO transcript_entries (invocation_id, seq, at, kind, data) VALUES ('${invocationId}', 1, 0, 'assistant', '{"text":"x"}')`,
      )
    } finally {
      db.close()
    }
    expect(() => store.transcript(invocationId)).toThrow(
      expect.objectContaining({
        code: 'store.corrupt_row',
        message: expect.stringContaining(`transcript_entries row invocation_id=${invocationId} seq=1, column data`),
      }),
    )
  })
})
