import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { openStore } from '../../store/store.js'
import { recoverResults } from './recover-results.js'

describe('recoverResults', () => {
  it('uses a recorded result and gives the others tool.outcome_unknown, in call order', () => {
    const store = openStore(tempDir())
    try {
      const run = store.createRun({ scope: 'session', profileId: 'default' })
      store.createInvocation({ id: 'inv_1', runId: run.id, protocol: 'anthropic', snapshot: {}, profile: {} })
      store.appendEvent({
        type: 'running',
        runId: run.id,
        invocationId: 'inv_1',
        callId: 'c2',
        toolId: 'builtin:dice.roll',
        data: {},
      })
      store.appendEvent({
        type: 'succeeded',
        runId: run.id,
        invocationId: 'inv_1',
        callId: 'c2',
        toolId: 'builtin:dice.roll',
        data: { result: { content: 'Rolled 4', isError: false, resourceRefs: [], images: [] }, durationMs: 3 },
      })
      const results = recoverResults(store, 'inv_1', [
        { callId: 'c1', name: 'workspace_shell', rawArguments: '{"command":"make"}' },
        { callId: 'c2', name: 'dice_roll', rawArguments: '{"formula":"1d6"}' },
      ])
      expect(results.map((r) => [r.callId, r.isError, r.errorCode])).toEqual([
        ['c1', true, 'tool.outcome_unknown'],
        ['c2', false, undefined],
      ])
      expect(results[0]?.content).toContain('workspace_shell')
      expect(results[1]).toMatchObject({ toolId: 'builtin:dice.roll', content: 'Rolled 4' })
    } finally {
      store.close()
    }
  })
})
