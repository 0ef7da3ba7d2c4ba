import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { ApprovalRequest } from './approval-request.js'
import { terminalApprover } from './terminal-approver.js'

const request: ApprovalRequest = {
  id: 'apr_1',
  runId: 'run_1',
  invocationId: 'inv_1',
  callId: 'c1',
  toolId: 'builtin:workspace.shell',
  alias: 'workspace_shell',
  input: { command: 'git push' },
  inputText: '{\n  "command": "git push"\n}',
  reason: 'Not allowed by any rule.',
  alwaysRule: 'builtin:workspace.shell(git push)',
}

async function answer(...lines: string[]) {
  const input = new PassThrough()
  const output = new PassThrough()
  let shown = ''
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()))
  const decision = terminalApprover({ input, output })(request, new AbortController().signal)
  for (const line of lines) input.write(`${line}\n`)
  return { decision: await decision, shown }
}

describe('terminalApprover', () => {
  it('shows the exact input, reason and the rule "always" would add', async () => {
    const { shown } = await answer('y')
    expect(shown).toContain('workspace_shell (builtin:workspace.shell) wants to run:\n{\n  "command": "git push"\n}')
    expect(shown).toContain('Why approval is needed: Not allowed by any rule.')
    expect(shown).toContain('[a] always (builtin:workspace.shell(git push), for this invocation only)')
  })

  it('says which profile file "always" writes the rule to', async () => {
    const shown = await new Promise<string>((resolve) => {
      const input = new PassThrough()
      const output = new PassThrough()
      let text = ''
      output.on('data', (chunk: Buffer) => (text += chunk.toString()))
      void terminalApprover({ input, output })(
        { ...request, alwaysRulesFile: '/p/coder.yaml' },
        new AbortController().signal,
      ).then(() => resolve(text))
      input.write('y\n')
    })
    expect(shown).toContain('[a] always (builtin:workspace.shell(git push), saved in /p/coder.yaml)')
  })

  it('reads once, always, and deny with a message', async () => {
    expect((await answer('y')).decision).toEqual({ behavior: 'allow', scope: 'once', approver: 'terminal' })
    expect((await answer('A')).decision).toEqual({ behavior: 'allow', scope: 'always', approver: 'terminal' })
    expect((await answer('n', 'use git status first')).decision).toEqual({
      behavior: 'deny',
      message: 'use git status first',
      approver: 'terminal',
    })
    expect((await answer('sure', '')).decision).toEqual({ behavior: 'deny', approver: 'terminal' })
  })

  it('denies when input ends before an answer', async () => {
    const input = new PassThrough()
    const pending = terminalApprover({ input, output: new PassThrough() })(request, new AbortController().signal)
    input.end()
    expect(await pending).toEqual({ behavior: 'deny', approver: 'terminal' })
  })

  it('stops asking when the run is cancelled', async () => {
    const controller = new AbortController()
    const pending = terminalApprover({ input: new PassThrough(), output: new PassThrough() })(
      request,
      controller.signal,
    )
    controller.abort()
    await expect(pending).rejects.toThrow()
  })
})
