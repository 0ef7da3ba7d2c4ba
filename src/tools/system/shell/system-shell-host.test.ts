import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import { TurnPausedError } from '../../../execution/execute-turn.js'
import { createToolHost, type ToolHost } from '../../../host/create-tool-host.js'
import { processesWith } from './__fixtures__/host-processes.js'
import { describeWithSandbox } from './__fixtures__/system-setup.js'

let host: ToolHost | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

/** A host over a fresh workspace whose profile allows `echo`, `rm` and `sleep` commands of system.shell. */
async function hostWithRules(): Promise<{ host: ToolHost; workspace: string }> {
  const workspace = tempDir('toolhost-system-host-')
  host = await createToolHost({
    dataDir: tempDir(),
    workspaceDir: workspace,
    watchProcessTools: false,
    processDirs: [],
  })
  return { host, workspace }
}

const profile = {
  permissions: {
    mode: 'default' as const,
    allow: ['builtin:system.shell(echo *)', 'builtin:system.shell(rm *)', 'builtin:system.shell(sleep *)'],
  },
}

/** Runs one system_shell call; a call that asks is denied, as a person would deny it. */
async function callDenyingAsks(h: ToolHost, command: string): Promise<{ asked: boolean; text: string }> {
  const invocation = await h.createInvocation({ scope: 'session', protocol: 'anthropic', profile })
  const call = { callId: 'c1', name: 'system_shell', arguments: { command } }
  try {
    const [result] = await invocation.executeTurn({ calls: [call] })
    return { asked: false, text: result?.content ?? '' }
  } catch (error) {
    if (!(error instanceof TurnPausedError)) throw error
    for (const id of error.approvalIds) await h.approvals.deny(id, { message: 'no' })
    return { asked: true, text: '' }
  }
}

describeWithSandbox('system.shell through the gate', () => {
  it('is offered with the background tools, and runs what a rule allows', async () => {
    const { host } = await hostWithRules()
    const invocation = await host.createInvocation({ scope: 'session', protocol: 'anthropic', profile })
    expect(invocation.offered.map((binding) => binding.alias)).toEqual(
      expect.arrayContaining(['system_shell', 'shell_output', 'shell_kill', 'workspace_shell']),
    )
    expect(await callDenyingAsks(host, 'echo allowed')).toEqual({ asked: false, text: 'Exit code: 0\nallowed\n' })
  })

  it('keeps the diff of what a command changed in the audit', async () => {
    const { host } = await hostWithRules()
    const invocation = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { permissions: { mode: 'default', allow: ['builtin:system.shell(cp *)'] } },
    })
    writeFileSync(join(invocation.workspace.mounts[0]?.hostDir ?? '', 'a.txt'), 'one\n')
    const call = { callId: 'c1', name: 'system_shell', arguments: { command: 'cp a.txt b.txt' } }
    const [result] = await invocation.executeTurn({ calls: [call] })
    expect(result?.content).toContain('Changed 1 file: b.txt (new, +1).')
    const audit = JSON.stringify(host.store().events({ invocationId: invocation.id, callId: 'c1' }))
    expect(audit).toContain('+++ b/b.txt')
  })

  it('asks for the part of a command no rule allows, and a denial runs nothing of it', async () => {
    const { host, workspace } = await hostWithRules()
    expect((await callDenyingAsks(host, 'echo hi; touch pwned')).asked).toBe(true)
    expect((await callDenyingAsks(host, 'echo $(touch pwned2)')).asked).toBe(true)
    expect((await callDenyingAsks(host, 'echo hi > pwned3')).asked).toBe(true)
    for (const file of ['pwned', 'pwned2', 'pwned3']) expect(existsSync(join(workspace, file))).toBe(false)
  })

  it('asks for a dangerous command although a rule allows it', async () => {
    const { host, workspace } = await hostWithRules()
    mkdirSync(join(workspace, 'keep'))
    writeFileSync(join(workspace, 'keep', 'data.txt'), 'data\n')
    expect((await callDenyingAsks(host, 'rm -rf keep')).asked).toBe(true)
    expect(existsSync(join(workspace, 'keep', 'data.txt'))).toBe(true)
  })

  it('asks for a command it cannot analyse', async () => {
    const { host, workspace } = await hostWithRules()
    expect((await callDenyingAsks(host, 'echo "unclosed; touch pwned4')).asked).toBe(true)
    expect((await callDenyingAsks(host, 'eval "touch pwned5"')).asked).toBe(true)
    for (const file of ['pwned4', 'pwned5']) expect(existsSync(join(workspace, file))).toBe(false)
  })

  it('stops background commands when the host closes', async () => {
    const { host } = await hostWithRules()
    const invocation = await host.createInvocation({ scope: 'session', protocol: 'anthropic', profile })
    const call = { callId: 'c1', name: 'system_shell', arguments: { command: 'sleep 987901', run_in_background: true } }
    const [result] = await invocation.executeTurn({ calls: [call] })
    expect(result?.isError).toBe(false)
    expect(processesWith('sleep 987901')).not.toEqual([])
    await host.close()
    expect(processesWith('sleep 987901')).toEqual([])
  })
})
