import { describe, expect, it } from 'vitest'
import { useStores } from '../../store/__fixtures__/test-store.js'
import type { NewStoreEvent } from '../../store/event-types.js'
import { columnsOf, fitColumns, oneLine, wrapColumns } from './audit-text.js'
import { formatRunAudit } from './format-run-audit.js'
import { runAudit } from '../../store/run-audit.js'

const stores = useStores()
const ok = { content: 'ok', isError: false, resourceRefs: [], images: [] }

describe('runAudit and formatRunAudit', () => {
  it('tells mid-call approvals, thrown errors, lost outcomes and child agents apart', async () => {
    let clock = Date.UTC(2026, 0, 2, 3, 4, 5)
    const store = await stores.open({ now: () => (clock += 10) })
    const run = store.createRun({ id: 'run_a', scope: 'session', profileId: 'p' })
    for (const id of ['inv_main', 'inv_child'])
      store.createInvocation({ id, runId: run.id, protocol: 'agent', snapshot: {}, profile: {} })
    store.appendRunEvent(run.id, 'invocation_started', { invocationId: 'inv_main', agentId: 'lead', mode: 'main' })
    store.appendRunEvent(run.id, 'invocation_started', {
      invocationId: 'inv_child',
      agentId: 'scout',
      mode: 'child',
      parentInvocationId: 'inv_main',
    })
    const append = (invocationId: string, callId: string, ...events: [NewStoreEvent['type'], object][]) =>
      store.appendEvents(
        events.map(
          ([type, data]) =>
            ({ type, runId: run.id, invocationId, callId, toolId: 'process:http.get', data }) as NewStoreEvent,
        ),
      )
    const call = (invocationId: string, callId: string, ...events: [NewStoreEvent['type'], object][]) =>
      append(invocationId, callId, ['requested', { alias: 'http_get', rawArguments: '{}', round: 1 }], ...events)
    const allowByMode = { behavior: 'allow', approver: 'mode', reason: 'Allowed in bypass mode.' }
    call(
      'inv_main',
      'c_mid',
      ['admitted', {}],
      ['scheduled', allowByMode],
      ['running', { round: 1 }],
      ['mid_call_approval', { behavior: 'allow', reason: 'reach 10.0.0.1?', approver: 'ada' }],
      ['mid_call_approval', { behavior: 'deny', reason: 'reach 10.0.0.2?', approver: 'ada' }],
      ['succeeded', { result: ok, durationMs: 40 }],
    )
    call(
      'inv_child',
      'c_threw',
      ['admitted', {}],
      ['scheduled', allowByMode],
      ['running', {}],
      ['failed', { error: { name: 'TypeError', message: 'x is undefined' }, durationMs: 5 }],
    )
    call('inv_child', 'c_lost', ['admitted', {}], ['scheduled', allowByMode], ['running', {}])
    append('inv_child', 'c_lost', ['outcome_unknown', { result: { ...ok, isError: true }, durationMs: 0 }])
    call('inv_main', 'c_slow', ['admitted', {}], ['scheduled', allowByMode], ['running', {}])
    append('inv_main', 'c_slow', [
      'timed_out',
      { result: { ...ok, isError: true, errorCode: 'tool.timeout' }, durationMs: 100 },
    ])

    const audit = runAudit(store, run)
    expect(audit.calls.map((c) => [c.callId, c.agentId, c.outcome])).toEqual([
      ['c_mid', 'lead', 'succeeded'],
      ['c_threw', 'scout', 'failed'],
      ['c_lost', 'scout', 'outcome_unknown'],
      ['c_slow', 'lead', 'timed_out'],
    ])
    const [mid, threw] = audit.calls
    expect(mid?.decision).toMatchObject({ verdict: 'allowed', by: 'mode', asked: false })
    expect(mid?.midCallApprovals).toEqual([
      { behavior: 'allow', reason: 'reach 10.0.0.1?', approver: 'ada' },
      { behavior: 'deny', reason: 'reach 10.0.0.2?', approver: 'ada' },
    ])
    expect(threw).toMatchObject({ error: { name: 'TypeError', message: 'x is undefined' }, errorCode: null })
    expect(audit.summary).toEqual({
      calls: 4,
      byOutcome: { succeeded: 1, failed: 1, timed_out: 1, outcome_unknown: 1 },
      toolTimeMs: 145,
    })

    const text = formatRunAudit(audit).join('\n')
    expect(text).toContain('1. http_get → process:http.get  call c_mid  agent lead')
    expect(text).toContain('   decision   allowed by mode: Allowed in bypass mode.')
    expect(text).toContain(
      '   mid-call   allowed by ada: reach 10.0.0.1?\n   mid-call   refused by ada: reach 10.0.0.2?',
    )
    expect(text).toContain('2. http_get → process:http.get  call c_threw  agent scout')
    expect(text).toContain('   outcome    failed: TypeError: x is undefined')
    expect(text).toContain('   outcome    outcome unknown (the process ended while it ran)')
    expect(text).toContain('   outcome    timed out')
    expect(text).toContain('   started    2026-01-02T03:04:05.')
    expect(text).toMatch(/4 calls: 1 succeeded, 1 failed, 1 timed out, 1 outcome unknown\ntool time 145 ms$/)
  })
})

describe('audit text', () => {
  it('makes line breaks, controls and bidi marks visible on one line', () => {
    expect(oneLine('a\nb\tc\u202Ed\u0007')).toBe('a⟨U+000A⟩b⟨U+0009⟩c⟨U+202E⟩d⟨U+0007⟩')
  })

  it('cuts at a width in columns, never inside a wide character or a visible mark', () => {
    expect(fitColumns('abcdef', 6)).toBe('abcdef')
    expect(fitColumns('abcdef', 4)).toBe('abc…')
    expect(fitColumns('日本語です', 6)).toBe('日本…')
    expect(columnsOf(fitColumns('日本語です', 6))).toBeLessThanOrEqual(6)
    expect(fitColumns('ab⟨U+202E⟩cd', 8)).toBe('ab…')
    expect(fitColumns('e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301e\u0301')
  })

  it('wraps at spaces, and inside a word only when the word is wider than the line', () => {
    expect(wrapColumns('allowed by rule x', 10)).toEqual(['allowed by', 'rule x'])
    expect(wrapColumns('abcdefghij klm', 4)).toEqual(['abcd', 'efgh', 'ij', 'klm'])
  })
})
