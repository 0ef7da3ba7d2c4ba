import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { TurnPausedError } from '../execution/execute-turn.js'
import { createToolHost, type ToolHost } from './create-tool-host.js'

let host: ToolHost | undefined
afterEach(() => host?.close())

const write = { callId: 'w', name: 'workspace_write_file', arguments: { file_path: 'a.txt', content: 'a' } }

/** Approves the paused write "always" and returns where the rule went. */
async function approveAlways(h: ToolHost, profile?: Parameters<ToolHost['createInvocation']>[0]['profile']) {
  const inv = await h.createInvocation({
    scope: 'session',
    protocol: 'anthropic',
    ...(profile !== undefined && { profile }),
  })
  const paused = await inv.executeTurn({ calls: [write] }).catch((error: unknown) => error)
  expect(paused).toBeInstanceOf(TurnPausedError)
  return h.approvals.approve((paused as TurnPausedError).approvalIds[0] ?? '', { scope: 'always' })
}

describe('where "allow always" puts its rule', () => {
  it('the default profile: the stored default profile, created on demand and read by later invocations', async () => {
    const dataDir = tempDir()
    host = await createToolHost({ dataDir, workspaceDir: tempDir(), watchProcessTools: false, processDirs: [] })
    const outcome = await approveAlways(host)
    const file = join(dataDir, 'profiles', 'default.json')
    expect(outcome.always).toEqual({ rule: 'builtin:workspace.write_file(/a.txt)', file })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      id: 'default',
      permissions: { allow: ['builtin:workspace.write_file(/a.txt)'] },
    })
    const next = await host.resolveProfile()
    expect(next.source).toEqual({ kind: 'file', path: file })
    expect(next.profile.permissions.allow).toEqual(['builtin:workspace.write_file(/a.txt)'])
  })

  it('a profile given in code, or a host that keeps nothing on disk: this invocation only', async () => {
    const dataDir = tempDir()
    host = await createToolHost({ dataDir, workspaceDir: tempDir(), watchProcessTools: false, processDirs: [] })
    expect((await approveAlways(host, { permissions: { mode: 'default' } })).always).toEqual({
      rule: 'builtin:workspace.write_file(/a.txt)',
    })
    await host.close()
    host = await createToolHost({
      dataDir,
      workspaceDir: tempDir(),
      watchProcessTools: false,
      processDirs: [],
      inMemoryStore: true,
    })
    expect((await approveAlways(host)).always).toEqual({ rule: 'builtin:workspace.write_file(/a.txt)' })
    expect(existsSync(join(dataDir, 'profiles'))).toBe(false)
  })
})
