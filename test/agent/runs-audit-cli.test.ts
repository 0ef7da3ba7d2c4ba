import { describe, expect, it } from 'vitest'
import { resumeAgentRun } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import type { RunAudit } from '../../src/store/run-audit.js'
import type { Approver } from '../../src/permissions/approvals/approval-request.js'
import { agentFixture } from './agent-fixture.js'
import { cliInProcess } from '../cli/cli-in-process.js'

const cli = cliInProcess

const write = (id: string, file: string, content: string) => ({
  id,
  name: 'workspace_write_file',
  args: JSON.stringify({ file_path: file, content }),
})

/** The block of call `n` in the text view, its wrapped values joined again. */
function block(out: string, n: number): string {
  return (out.split('\n\n').find((part) => part.startsWith(`${n}. `)) ?? '').replace(/\n {14}/g, ' ')
}

describe('toolhost runs show --audit', () => {
  it('shows each call with its input, decision, timing and outcome, in 80 columns and as JSON', async () => {
    const fx = await agentFixture('openai-chat', [
      {
        calls: [
          { id: 'call_ok', name: 'dice_roll', args: '{"formula":"1d1"}' },
          write('call_secret', 'secret.txt', 'x'),
          // A right-to-left override and a line feed must not reach the terminal as they are.
          { id: 'call_bad', name: 'dice_roll', args: '{"formula":5,\n"note":"abc\u202Etxt.exe"}' },
          { id: 'call_fail', name: 'dice_roll', args: '{"formula":"zz"}' },
          write('call_yes', 'a.txt', 'a'.repeat(200)),
          write('call_no', 'b.txt', 'b'),
        ],
      },
      { text: 'Done.' },
    ])
    const answers: Awaited<ReturnType<Approver>>[] = [
      { behavior: 'allow', scope: 'once', approver: 'alice' },
      { behavior: 'deny', message: 'not b, please', approver: 'bob' },
    ]
    const result = await fx.run({
      prompt: 'Go.',
      profile: { permissions: { allow: ['builtin:dice.roll'], deny: ['builtin:workspace.write_file(/secret.txt)'] } },
      approver: async () => answers.shift() ?? 'pending',
    })
    expect(result.status).toBe('completed')
    await fx.host.close()

    const shown = await cli(['runs', 'show', result.runId, '--audit', '--data-dir', fx.dataDir])
    expect(shown.code).toBe(0)
    const { out } = shown
    for (const line of out.split('\n')) expect([...line].length).toBeLessThanOrEqual(80)
    expect([...out].filter((ch) => ch === '\u202E' || (ch < ' ' && ch !== '\n'))).toEqual([])

    expect(block(out, 1)).toContain('1. dice_roll → builtin:dice.roll  call call_ok')
    expect(block(out, 1)).toContain('input      {"formula":"1d1"}')
    expect(block(out, 1)).toContain('decision   allowed by rule builtin:dice.roll')
    expect(block(out, 1)).toMatch(/started {4}\d{4}-\d\d-\d\dT[\d:.]+Z {2}ran \d+ ms/)
    expect(block(out, 1)).toContain('outcome    succeeded')

    expect(block(out, 2)).toContain('decision   denied by rule builtin:workspace.write_file(/secret.txt)')
    expect(block(out, 2)).toMatch(/requested {2}\S+ {2}did not run/)
    expect(block(out, 2)).toContain('outcome    not run')

    expect(block(out, 3)).toContain('input      {"formula":5,⟨U+000A⟩"note":"abc⟨U+202E⟩txt.exe"}')
    expect(block(out, 3)).toContain('decision   rejected by the gate: tool.invalid_arguments')

    expect(block(out, 4)).toContain('outcome    failed: dice.invalid_formula')

    expect(block(out, 5)).toContain('decision   asked → approved once by alice')
    // A long input is cut with an ellipsis at the width of the terminal.
    expect(block(out, 5)).toMatch(/input {6}\{"file_path":"a.txt","content":"a+…\n/)

    expect(block(out, 6)).toContain('decision   asked → denied by bob: "not b, please"')
    expect(block(out, 6)).toContain('outcome    not run')

    expect(out).toMatch(/6 calls: 2 succeeded, 1 failed, 2 denied, 1 rejected\ntool time \d+ ms\n$/)

    const json = await cli(['runs', 'show', result.runId, '--audit', '--json', '--data-dir', fx.dataDir])
    expect(json.code).toBe(0)
    const audit = JSON.parse(json.out) as RunAudit
    expect(audit.run).toMatchObject({ id: result.runId, status: 'completed', profileId: 'default' })
    expect(audit.calls.map((call) => [call.callId, call.outcome])).toEqual([
      ['call_ok', 'succeeded'],
      ['call_secret', 'denied'],
      ['call_bad', 'rejected'],
      ['call_fail', 'failed'],
      ['call_yes', 'succeeded'],
      ['call_no', 'denied'],
    ])
    const [ok, secret, bad, fail, yes, no] = audit.calls
    expect(ok).toMatchObject({
      alias: 'dice_roll',
      toolId: 'builtin:dice.roll',
      input: '{"formula":"1d1"}',
      round: 1,
      decision: { verdict: 'allowed', by: 'rule', rule: 'builtin:dice.roll', asked: false },
      errorCode: null,
      midCallApprovals: [],
    })
    expect(typeof ok?.durationMs).toBe('number')
    expect(Date.parse(ok?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(ok?.requestedAt ?? ''))
    expect(secret).toMatchObject({
      decision: { verdict: 'denied', by: 'rule', rule: 'builtin:workspace.write_file(/secret.txt)' },
      startedAt: null,
      durationMs: null,
      errorCode: 'permission.denied',
    })
    // The whole input, exactly as the model sent it.
    expect(bad).toMatchObject({
      input: '{"formula":5,\n"note":"abc\u202Etxt.exe"}',
      decision: { verdict: 'rejected', by: 'gate', errorCode: 'tool.invalid_arguments' },
    })
    expect(fail).toMatchObject({ outcome: 'failed', errorCode: 'dice.invalid_formula' })
    expect(yes?.input).toBe(JSON.stringify({ file_path: 'a.txt', content: 'a'.repeat(200) }))
    expect(yes?.decision).toMatchObject({
      verdict: 'allowed',
      by: 'person',
      asked: true,
      approver: 'alice',
      scope: 'once',
    })
    expect(no?.decision).toMatchObject({
      verdict: 'denied',
      by: 'person',
      asked: true,
      approver: 'bob',
      message: 'not b, please',
    })
    expect(audit.summary).toEqual({
      calls: 6,
      byOutcome: { succeeded: 2, failed: 1, denied: 2, rejected: 1 },
      toolTimeMs: (ok?.durationMs ?? 0) + (fail?.durationMs ?? 0) + (yes?.durationMs ?? 0),
    })
  })

  it('shows calls waiting for a durable approval, then how people answered them', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [write('call_a', 'a.txt', 'a'), write('call_b', 'b.txt', 'b')] },
      { text: 'Done.' },
    ])
    const paused = await fx.run({ prompt: 'Write two files.' })
    expect(paused.status).toBe('paused')

    const waiting = await cli(['runs', 'show', paused.runId, '--audit', '--data-dir', fx.dataDir])
    expect(block(waiting.out, 1)).toContain('decision   asked → waiting for a person')
    expect(block(waiting.out, 1)).toContain('outcome    waiting for approval')
    expect(waiting.out).toContain('2 calls: 2 waiting for approval\ntool time 0 ms')

    const [first, second] = paused.approvalIds
    await fx.host.approvals.approve(first!, { scope: 'always', approver: 'carol', continueTurn: false })
    await fx.host.approvals.deny(second!, { message: 'no b today', approver: 'dave', continueTurn: false })
    const model = resolveModel('openai-chat:gpt-4o', { baseUrl: fx.server.baseUrl, apiKey: 'test' })
    const resumed = await resumeAgentRun({ host: fx.host, runId: paused.runId, model, sleep: async () => {} })
    expect(resumed.status).toBe('completed')

    const answered = await cli(['runs', 'show', paused.runId, '--audit', '--data-dir', fx.dataDir])
    for (const line of answered.out.split('\n')) expect([...line].length).toBeLessThanOrEqual(80)
    expect(block(answered.out, 1)).toContain(
      'decision   asked → approved always by carol (adds rule builtin:workspace.write_file(/a.txt))',
    )
    expect(block(answered.out, 1)).toContain('outcome    succeeded')
    expect(block(answered.out, 2)).toContain('decision   asked → denied by dave: "no b today"')
    const audit = JSON.parse(
      (await cli(['runs', 'show', paused.runId, '--audit', '--json', '--data-dir', fx.dataDir])).out,
    ) as RunAudit
    expect(audit.calls[0]?.decision).toMatchObject({ verdict: 'allowed', approver: 'carol', scope: 'always' })
    expect(audit.calls[1]?.decision).toMatchObject({ verdict: 'denied', approver: 'dave', message: 'no b today' })
  })

  it('names "toolhost runs list" for a run that is not there', async () => {
    const fx = await agentFixture('openai-chat', [])
    await fx.host.close()
    const missing = await cli(['runs', 'show', 'run_nope', '--audit', '--data-dir', fx.dataDir])
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('no run run_nope')
    expect(missing.err).toContain('toolhost runs list')
  })
})
